import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { labelOfStatus, scholarsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { filledOfficeGroups } from '../../office';
import { Facts } from '../../../../ui/facts';

/** The sponsorship data, read-only (once sent). */
export function SponsorshipFacts({ c }: { c: scholarsApi.TDeptCase }) {
  const { formatDate } = useFormatDates();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Facts
        rows={[
          ['Scholar', `${c.firstName} ${c.lastName}`],
          ['E-mail', c.email],
          ['Department', c.departmentName],
          ['Proposed status', c.proposedStatus],
          ['Proposed start date', formatDate(c.proposedStartDate) || '—'],
          ['Proposed end date', formatDate(c.proposedEndDate) || '—'],
          ['Position', c.position],
          ['Hiring authority', c.hiringAuthorityName],
          ['Hiring authority e-mail', c.hiringAuthorityEmail],
          ['Request number', c.requestNumber ? `#${c.requestNumber}` : ''],
        ]}
      />
    </Paper>
  );
}

/** Where the case stands with the office, and the office's status history. */
export function StatusPanel({ c }: { c: scholarsApi.TDeptCase }) {
  const { formatDate, formatDateTime } = useFormatDates();
  const processed = c.sponsorshipState === 'processed' || c.sponsorshipState === 'ineligible';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Facts
        rows={[
          ['Sponsorship', labelOfStatus('sponsorship', c.sponsorshipState)],
          ['Status', c.statusText],
          ...(processed
            ? ([
                ['Processed as', c.processedState || 'Ineligible'],
                ['Phase', scholarsApi.scholarPhaseLabel(c.phase)],
                ['Office status', scholarsApi.scholarStatusLabel(c.status)],
              ] as [string, string][])
            : []),
        ]}
      />
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mt: 3, mb: 1 }}>
        Status history
      </Typography>
      {c.statusHistory.length === 0 ? (
        <Typography color="text.secondary">The office has not recorded a phase or status change yet.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Status history">
            <TableHead>
              <TableRow>
                {['Date', 'Phase', 'Status', 'Reference number', 'Reason', 'Recorded'].map((h) => (
                  <TableCell key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {c.statusHistory.map((h) => (
                <TableRow key={h.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(h.changeDate) || '—'}</TableCell>
                  <TableCell>{h.phaseLabel}</TableCell>
                  <TableCell>{h.statusLabel}</TableCell>
                  <TableCell>{h.referenceNumber || '—'}</TableCell>
                  <TableCell>{h.changeReason || '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.recordedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/** The office's H-1B or O-1 information (shown only when the office's account settings allow it):
 * the office form's labels, order and groups (one definition in scholars-office), filled-in fields only. */
export function OfficeInformationPanel({ info }: { info: NonNullable<scholarsApi.TDeptCase['officeInformation']> }) {
  const groups = filledOfficeGroups(info.kind, info.data);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="office-info-title" sx={{ p: 2 }}>
      <Typography id="office-info-title" variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
        {info.kind} information from the office
      </Typography>
      {groups.length ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Only the fields the office has filled in are shown.
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            {groups.map((g) => (
              <Box key={g.title} component="section" aria-label={g.title}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {g.title}
                </Typography>
                <Facts rows={g.rows} />
              </Box>
            ))}
          </Box>
        </>
      ) : (
        <Typography color="text.secondary">The office has not entered {info.kind} information yet.</Typography>
      )}
    </Paper>
  );
}
