import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { scholarsApi } from '@meridian/domain';
import { usDate } from './format';

/** A read-only list of label/value pairs. */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">{k}</Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>{v || '—'}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The sponsorship data, read-only (once sent). */
export function SponsorshipFacts({ c }: { c: scholarsApi.TDeptCase }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Facts rows={[
        ['Scholar', `${c.firstName} ${c.lastName}`], ['E-mail', c.email], ['Department', c.departmentName], ['Proposed status', c.proposedStatus],
        ['Proposed start date', usDate(c.proposedStartDate)], ['Proposed end date', usDate(c.proposedEndDate)], ['Position', c.position],
        ['Hiring authority', c.hiringAuthorityName], ['Hiring authority e-mail', c.hiringAuthorityEmail],
        ['Request number', c.requestNumber ? `#${c.requestNumber}` : ''],
      ]} />
    </Paper>
  );
}

/** Where the case stands with the office, and the office's status history. */
export function StatusPanel({ c }: { c: scholarsApi.TDeptCase }) {
  const processed = c.sponsorshipState === 'processed' || c.sponsorshipState === 'ineligible';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Facts rows={[
        ['Sponsorship', scholarsApi.SPONSORSHIP_STATE_LABELS[c.sponsorshipState as keyof typeof scholarsApi.SPONSORSHIP_STATE_LABELS] ?? c.sponsorshipState],
        ['Status', c.statusText],
        ...(processed ? [['Processed as', c.processedState || 'Ineligible'], ['Phase', scholarsApi.scholarPhaseLabel(c.phase)], ['Office status', scholarsApi.scholarStatusLabel(c.status)]] as [string, string][] : []),
      ]} />
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 3, mb: 1 }}>Status history</Typography>
      {c.statusHistory.length === 0 ? <Typography color="text.secondary">The office has not recorded a phase or status change yet.</Typography> : (
        <TableContainer>
          <Table size="small" aria-label="Status history">
            <TableHead><TableRow>{['Date', 'Phase', 'Status', 'Reference number', 'Reason'].map((h) => <TableCell key={h} scope="col">{h}</TableCell>)}</TableRow></TableHead>
            <TableBody>
              {c.statusHistory.map((h) => (
                <TableRow key={h.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(h.changeDate)}</TableCell>
                  <TableCell>{h.phaseLabel}</TableCell>
                  <TableCell>{h.statusLabel}</TableCell>
                  <TableCell>{h.referenceNumber || '—'}</TableCell>
                  <TableCell>{h.changeReason || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

const humanize = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').replace(/^./, (m) => m.toUpperCase());
const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return usDate(v);
  if (typeof v === 'object') return Array.isArray(v) ? v.map(show).join(', ') : Object.entries(v as Record<string, unknown>).map(([k, x]) => `${humanize(k)}: ${show(x)}`).join('; ');
  return String(v);
};

/** The office's H-1B or O-1 information (shown only when the office's account settings allow it). */
export function OfficeInformationPanel({ info }: { info: NonNullable<scholarsApi.TDeptCase['officeInformation']> }) {
  const rows = Object.entries(info.data).map(([k, v]) => [humanize(k), show(v)] as [string, string]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {rows.length ? <Facts rows={rows} /> : <Typography color="text.secondary">The office has not entered {info.kind} information yet.</Typography>}
    </Paper>
  );
}
