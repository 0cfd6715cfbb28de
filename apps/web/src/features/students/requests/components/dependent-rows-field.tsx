import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { isChecked, isFieldRequired, textOf, type TStudentRequestData, type TStudentRequestField } from '@meridian/domain';
import { formatDay } from '../../../../app/office-dates';
import { LookupText } from '../../../lookups';
import { RequestField } from './request-field';

/** Which of a row's fields a change asks: a new dependent all of them, a change the dependent and its fields, an end the dependent and why. */
const ASKED: Record<string, (name: string) => boolean> = {
  add: (n) => n !== 'dependent_id' && !n.startsWith('end_'),
  update: (n) => !n.startsWith('end_') && n !== 'dependent_form_purpose',
  end: (n) => n === 'dependent_id' || n.startsWith('end_'),
};
const asked = (row: TStudentRequestData, f: TStudentRequestField) => f.name === 'change' || (ASKED[textOf(row.change)]?.(f.name) ?? false);
const WIDE = new Set(['textarea']);
const isRow = (v: unknown): v is TStudentRequestData => typeof v === 'object' && v !== null && !Array.isArray(v);

function shown(f: TStudentRequestField, v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  const s = textOf(v);
  if (f.kind === 'date') return formatDay(s) || s;
  if (f.options) return f.options.find((o) => o.value === s)?.label ?? s;
  return isChecked(v) && f.kind === 'checkbox' ? 'Yes' : s;
}

/**
 * A list of dependents, one panel per row (Several Dependents, docs/product/students-requests.md#several-dependents):
 * first what changes, then only the fields that change asks. Each field is named `<list>.<row>.<field>`, the key of its
 * message on both sides, so a refused save or submit lands on the row's own field and focus can find it.
 */
export function DependentRowsField({
  field,
  value,
  errors,
  readOnly,
  describe,
  onChange,
  onBlur,
}: {
  field: TStudentRequestField;
  value: unknown;
  errors: Record<string, string>;
  readOnly: boolean;
  /** A row's field as drawn for this student: a dependent choice lists their dependents, a chosen one's fields say what the record holds. */
  describe: (f: TStudentRequestField, row: TStudentRequestData) => TStudentRequestField;
  onChange: (rows: TStudentRequestData[]) => void;
  onBlur: (name: string) => void;
}) {
  const rows = Array.isArray(value) ? value.filter(isRow) : [];
  const max = field.maxRows ?? 10;
  const rowFields = field.rowFields ?? [];
  const set = (i: number, name: string, v: unknown) => onChange(rows.map((r, j) => (j === i ? { ...r, [name]: v } : r)));
  const listError = errors[field.name];
  const headingOf = (i: number) => `${field.name}-row-${i}`;
  if (readOnly)
    return (
      <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
        {!rows.length ? <Typography color="text.secondary">No dependent listed.</Typography> : null}
        {rows.map((row, i) => (
          <Paper key={i} variant="outlined" component="section" aria-labelledby={headingOf(i)} sx={{ p: 2 }}>
            <Typography id={headingOf(i)} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              Dependent {i + 1}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {rowFields
                .filter((f) => asked(row, f) && (f.name === 'change' || f.name === 'dependent_id' || textOf(row[f.name]) !== ''))
                .map((f) => {
                  const d = describe(f, row);
                  return (
                    <Box key={f.name}>
                      <Typography variant="body2" color="text.secondary" component="dt">
                        {d.label}
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {d.lookup && textOf(row[f.name]) ? (
                          <LookupText lookup={d.lookup} value={textOf(row[f.name])} />
                        ) : (
                          shown(d, row[f.name])
                        )}
                      </Typography>
                    </Box>
                  );
                })}
            </Box>
          </Paper>
        ))}
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
      {listError ? (
        <Alert severity="error" id={`field-${field.name}`} tabIndex={-1}>
          {field.label}: {listError}
        </Alert>
      ) : null}
      {rows.map((row, i) => (
        <Paper key={i} variant="outlined" component="section" aria-labelledby={headingOf(i)} sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography id={headingOf(i)} variant="subtitle1" component="h3">
              Dependent {i + 1}
            </Typography>
            <Button
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
              aria-label={`Remove dependent ${i + 1}`}
            >
              Remove
            </Button>
          </Box>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {rowFields
              .filter((f) => asked(row, f))
              .map((f) => {
                const name = `${field.name}.${i}.${f.name}`;
                const d = { ...describe(f, row), name };
                return (
                  <Box key={f.name} sx={{ gridColumn: WIDE.has(f.kind) || f.name === 'change' ? '1 / -1' : undefined }}>
                    <RequestField
                      field={d}
                      value={row[f.name]}
                      required={isFieldRequired(f, row)}
                      error={errors[name]}
                      readOnly={false}
                      onChange={(v) => set(i, f.name, v)}
                      onBlur={() => onBlur(name)}
                    />
                  </Box>
                );
              })}
          </Box>
        </Paper>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<Add />} disabled={rows.length >= max} onClick={() => onChange([...rows, { change: '' }])}>
          {rows.length ? 'Add another dependent' : 'Add a dependent'}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {rows.length >= max ? `At most ${max} dependents in one request.` : `Up to ${max} dependents in one request.`}
        </Typography>
      </Box>
    </Box>
  );
}
