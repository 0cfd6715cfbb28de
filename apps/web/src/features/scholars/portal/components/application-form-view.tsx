import { Box, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { displayScholarValue, scholarFormDef, type TScholarFieldDef, type TScholarFormData } from '@meridian/domain';
import { OUTLINED } from '../../../../ui/scroll-region';
import { LookupText } from '../../../lookups';

export interface ApplicationFormViewProps {
  /** The case's processed state: which form (H-1B, O-1, J-1, F-1 OPT/STEM, and their extension/amendment fields). */
  processedState: string;
  data: TScholarFormData;
  /**
   * Only these sections, by key (e.g. ['beneficiary', 'addresses'] for a Beneficiary tab; ['petition', 'wages']
   * for H-1B Information). Keys: change, beneficiary, usAddress, foreignAddress, education, immigration, dependents, petition,
   * wages, document, o1Supplement, itinerary, program, siteOfActivity, funding, priorJ, opt, employment.
   */
  sections?: string[];
  /** Heading level of the section titles (the tab's own heading is usually h2). */
  headingLevel?: 'h2' | 'h3';
}

const EMPTY = '—';

/** A value as people read it; a code-list value by the office's label ("Japan (JP)", docs/product/lookups.md). */
function FieldValue({ field, value }: { field: TScholarFieldDef; value: unknown }) {
  if (field.lookup && typeof value === 'string' && value) return <LookupText lookup={field.lookup} value={value} />;
  return <>{displayScholarValue(field, value) || EMPTY}</>;
}

function ListTable({ field, items }: { field: TScholarFieldDef; items: TScholarFormData[] }) {
  const cols = (field.item ?? []).filter((f) => f.type !== 'list');
  const nested = (field.item ?? []).filter((f) => f.type === 'list');
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        None.
      </Typography>
    );
  return (
    <TableContainer sx={OUTLINED}>
      <Table size="small" aria-label={field.label}>
        <TableHead>
          <TableRow>
            {[...cols, ...nested].map((c) => (
              <TableCell key={c.name}>{c.label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item, i) => (
            <TableRow key={i}>
              {cols.map((c) => (
                <TableCell key={c.name}>
                  <FieldValue field={c} value={item?.[c.name]} />
                </TableCell>
              ))}
              {nested.map((c) => (
                <TableCell key={c.name}>
                  {(Array.isArray(item?.[c.name]) ? (item[c.name] as TScholarFormData[]) : [])
                    .map((x) =>
                      (c.item ?? [])
                        .map((f) => displayScholarValue(f, x?.[f.name]))
                        .filter(Boolean)
                        .join(', '),
                    )
                    .join('; ') || EMPTY}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A scholar's application form, read-only, by section: what the scholar sees once it is submitted, and
 * what the office's scholar profile shows in its Beneficiary / Additional Information / H-1B Information /
 * I-129 Supplements tabs (choose the sections per tab). Dates MM/DD/YYYY, flags Yes/No, options by label.
 */
export function ApplicationFormView({ processedState, data, sections, headingLevel = 'h2' }: ApplicationFormViewProps) {
  const def = scholarFormDef(processedState);
  if (!def) return <Typography color="text.secondary">This case has no application form yet.</Typography>;
  const shown = def.sections.filter((s) => !sections || sections.includes(s.key));
  return (
    <Stack spacing={2}>
      {shown.map((s) => {
        const fields = s.fields.filter((f) => !f.showIf || f.showIf(data));
        const scalars = fields.filter((f) => f.type !== 'list');
        const lists = fields.filter((f) => f.type === 'list');
        return (
          <Paper key={s.key} variant="outlined" component="section" aria-labelledby={`view-${s.key}`} sx={{ p: 2 }}>
            <Typography id={`view-${s.key}`} variant="h2" component={headingLevel} sx={{ fontSize: '1.1rem', mb: 1.5 }}>
              {s.title}
            </Typography>
            {scalars.length ? (
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' },
                  columnGap: 3,
                  rowGap: 1,
                }}
              >
                {scalars.map((f) => (
                  <Box key={f.name} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                      {f.label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      <FieldValue field={f} value={data[f.name]} />
                    </Typography>
                  </Box>
                ))}
              </Box>
            ) : null}
            {lists.map((f) => (
              <Box key={f.name} sx={{ mt: scalars.length ? 2 : 0 }}>
                {f.label !== s.title ? (
                  <Typography component={headingLevel === 'h2' ? 'h3' : 'h4'} sx={{ fontWeight: 600, mb: 0.5 }}>
                    {f.label}
                  </Typography>
                ) : null}
                <ListTable field={f} items={Array.isArray(data[f.name]) ? (data[f.name] as TScholarFormData[]) : []} />
              </Box>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
