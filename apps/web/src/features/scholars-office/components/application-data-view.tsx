import { Alert, Box, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { displayScholarValue, scholarFormDef, type TScholarFieldDef, type TScholarFormSection } from '@meridian/domain';
import { DefinitionList } from './definition-list';

type TData = Record<string, unknown>;

function ListTable({ f, rows }: { f: TScholarFieldDef; rows: TData[] }) {
  const cols = (f.item ?? []).filter((x) => x.type !== 'list');
  if (rows.length === 0) return <Typography color="text.secondary">None given.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={f.label}>
        <TableHead><TableRow>{cols.map((c) => <TableCell key={c.name}>{c.label}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>{cols.map((c) => <TableCell key={c.name}>{displayScholarValue(c, r[c.name]) || '—'}</TableCell>)}</TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function SectionView({ s, data }: { s: TScholarFormSection; data: TData }) {
  const shown = s.fields.filter((f) => !f.showIf || f.showIf(data));
  const plain = shown.filter((f) => f.type !== 'list');
  const lists = shown.filter((f) => f.type === 'list');
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-label={s.title}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 1.5 }}>{s.title}</Typography>
      {plain.length ? <DefinitionList items={plain.map((f) => [f.label, displayScholarValue(f, data[f.name])])} /> : null}
      {lists.map((f) => (
        <Box key={f.name} sx={{ mt: plain.length ? 2 : 0 }}>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>{f.label}</Typography>
          <ListTable f={f} rows={Array.isArray(data[f.name]) ? (data[f.name] as TData[]) : []} />
        </Box>
      ))}
    </Paper>
  );
}

/**
 * The scholar's application form, read only, section by section (only the sections named). The
 * office reads what the scholar typed; unanswered fields show a dash.
 */
export function ApplicationDataView({ processedState, data, sections, empty }: { processedState: string; data: TData; sections: string[]; empty?: string }) {
  const def = scholarFormDef(processedState);
  if (!def) return <Alert severity="info">{empty ?? 'There is no application yet: the sponsorship request has not been processed.'}</Alert>;
  const chosen = def.sections.filter((s) => sections.includes(s.key));
  if (chosen.length === 0) return <Alert severity="info">{empty ?? 'The application of this visa type has no such part.'}</Alert>;
  return (
    <Stack spacing={2}>
      {Object.keys(data).length === 0 ? <Alert severity="info">The scholar has not filled in the application yet.</Alert> : null}
      {chosen.map((s) => <SectionView key={s.key} s={s} data={data} />)}
    </Stack>
  );
}
