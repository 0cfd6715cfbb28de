import type { ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';

/**
 * One column of an upload template: its header, whether it must be filled (or SEVIS needs it to create
 * a record of that visa type), what it takes, an example.
 */
export type TFileColumn = { key: string; isRequired: boolean; help: string; example: string; sevis?: 'F-1' | 'J-1' | 'both' };

/** What the Required cell says of a column. */
export function requiredWords(c: TFileColumn): string {
  if (c.isRequired) return 'Yes';
  if (c.sevis === 'both') return 'For SEVIS';
  if (c.sevis) return `For SEVIS (${c.sevis})`;
  return 'No';
}

/**
 * "The columns and what they accept": the folded table beside an upload that explains its template
 * (student batch upload, J-1 cohort). `id` names its parts for assistive technology; `children` adds
 * the page's own notes under the table.
 */
export function FileColumnsGuide(p: {
  id: string;
  label: string;
  columns: readonly TFileColumn[];
  margin?: { mt?: number; mb?: number };
  children?: ReactNode;
}) {
  return (
    <Accordion disableGutters elevation={0} sx={{ border: 1, borderColor: 'divider', '&:before': { display: 'none' }, ...p.margin }}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${p.id}-content`} id={`${p.id}-header`}>
        <Typography>The columns and what they accept</Typography>
      </AccordionSummary>
      <AccordionDetails id={`${p.id}-content`}>
        <Table size="small" aria-label={p.label}>
          <TableHead>
            <TableRow>
              <TableCell>Column</TableCell>
              <TableCell>Required</TableCell>
              <TableCell>What to enter</TableCell>
              <TableCell>Example</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {p.columns.map((c) => (
              <TableRow key={c.key}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{c.key}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{requiredWords(c)}</TableCell>
                <TableCell>{c.help}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.example}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {p.children}
      </AccordionDetails>
    </Accordion>
  );
}
