import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { labelOfStatus, type scholarsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { useOfficeToday } from '../../../../app/office-today';
import { daysUntil, phaseLabel, portalAccountLabel, statusLabel, visaLabel } from './case-format';

/** Name, visa type, phase and status at a glance, with an end date that is close said loudly. */
export function CaseHeader({ c, title }: { c: scholarsApi.TOfficeCase; title?: string }) {
  const { formatDate } = useFormatDates();
  const today = useOfficeToday();
  const left = daysUntil(c.processedEndDate, today());
  const open = !['closed'].includes(c.phase);
  return (
    <Box component="header" sx={{ mb: 2 }}>
      {title ? (
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
      ) : null}
      <Typography variant={title ? 'h2' : 'h1'} component={title ? 'p' : 'h1'} sx={title ? { fontSize: '1.3rem', mt: 1 } : undefined}>
        {c.scholar.lastName}, {c.scholar.firstName}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
        <Chip size="small" color="primary" label={c.processedState ? visaLabel(c.processedState) : `Proposed: ${c.proposedStatus}`} />
        <Chip size="small" variant="outlined" label={`Phase: ${phaseLabel(c.phase)}`} />
        <Chip size="small" variant="outlined" label={`Status: ${statusLabel(c.status)}`} />
        {c.processedState && c.processedState !== 'Ineligible' ? (
          <Chip size="small" variant="outlined" label={`Application: ${labelOfStatus('scholarApplication', c.applicationState)}`} />
        ) : null}
        {!c.processedState ? <Chip size="small" variant="outlined" label={labelOfStatus('sponsorship', c.sponsorshipState)} /> : null}
        {c.premiumProcessing.premiumProcessFlag ? <Chip size="small" color="secondary" label="Premium processing" /> : null}
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {c.department.name} · {c.position || 'Position not given'} · {c.scholar.email}
        {c.processedEndDate ? (
          <>
            {' '}
            · {formatDate(c.processedStartDate) || '—'} – {formatDate(c.processedEndDate) || '—'}
          </>
        ) : null}
        {` · Portal account: ${portalAccountLabel(c.scholar)}`}
      </Typography>
      {open && left !== null && left <= 60 ? (
        <Alert severity={left < 0 ? 'error' : left <= 30 ? 'warning' : 'info'} sx={{ mt: 1.5 }}>
          {left < 0
            ? `The end date passed ${-left} day${left === -1 ? '' : 's'} ago.`
            : left === 0
              ? 'The end date is today.'
              : `The end date is in ${left} day${left === 1 ? '' : 's'} (${formatDate(c.processedEndDate) || '—'}).`}
        </Alert>
      ) : null}
    </Box>
  );
}
