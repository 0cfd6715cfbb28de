import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { EDUCATION_LEVELS, enrollmentStatusLabel, type studentsApi } from '@meridian/domain';
import { formatDay } from '../../../../app/office-dates';

/** A compared value as the office reads it: MM/DD/YYYY, a status or level in words, '—' for none. */
export function shownValue(field: string, v: string | null): string {
  if (v === null || v === '') return '—';
  if (field === 'expectedCompletionDate') return formatDay(v) || v;
  if (field === 'enrollmentStatus') return enrollmentStatusLabel(v);
  if (field === 'educationLevel') {
    const level = EDUCATION_LEVELS.find((l) => l.code === v);
    return level ? `${level.label} (${v})` : v;
  }
  return v;
}

/** "Family name: Smith → Smyth; Credits: — → 12": the changes of a row, record value → feed value. */
export function changesText(r: studentsApi.TActiveImportRow): string {
  return r.fields
    .filter((f) => f.isChanged)
    .map((f) => `${f.label}: ${shownValue(f.field, f.record)} → ${shownValue(f.field, f.feed)}`)
    .join('; ');
}

/** One row side by side, field by field: the record when compared, the feed, the changes marked. */
export function RowSideBySide({ row: r }: { row: studentsApi.TActiveImportRow }) {
  const label = r.rowNo === null ? `Record of ${r.name || r.sevisId}` : `Row ${r.rowNo}`;
  return (
    <Table size="small" aria-label={`${label}: the record and the feed side by side`} sx={{ maxWidth: 760 }}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">Field</TableCell>
          <TableCell scope="col">In Meridian when compared</TableCell>
          <TableCell scope="col">In the feed</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {r.fields.map((f) => (
          <TableRow key={f.field}>
            <TableCell component="th" scope="row">
              {f.label}
            </TableCell>
            <TableCell>{shownValue(f.field, f.record)}</TableCell>
            <TableCell sx={f.isChanged ? { fontWeight: 700 } : undefined}>
              {f.feed === null && r.rowNo !== null ? (
                <Typography component="span" variant="body2" color="text.secondary">
                  not given
                </Typography>
              ) : (
                shownValue(f.field, f.feed)
              )}
              {f.isChanged ? (
                <Typography component="span" variant="caption" color="text.secondary">
                  {' '}
                  (changes)
                </Typography>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
