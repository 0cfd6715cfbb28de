import { Box, Paper, Typography } from '@mui/material';
import { type TRequestDetail } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { StatusChip, reviewStatusLabel } from './status-chip';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** The facts of a request at a glance. */
export function RequestSummary({ request: r, requesterView }: { request: TRequestDetail; requesterView?: boolean }) {
  const { formatDate } = useFormatDates();
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
      <Field label="Status">
        <StatusChip status={r.status} requesterView={requesterView} caseStatus={r.case} />
      </Field>
      {!requesterView ? <Field label="Review status">{reviewStatusLabel(r.reviewStatus)}</Field> : null}
      <Field label={r.case ? 'Scholar' : r.profileId ? 'Student' : 'About'}>
        {r.subjectName}
        {r.subjectEmail ? (
          <>
            <br />
            {r.subjectEmail}
          </>
        ) : null}
      </Field>
      {r.requester.name !== r.subjectName ? (
        <Field label="Requester">
          {r.requester.name}
          <br />
          {r.requester.email}
        </Field>
      ) : null}
      <Field label="Submitted">{formatDate(r.submittedAt) || 'Not yet'}</Field>
      <Field label="Assigned to">{r.assignedTo?.name ?? 'Unassigned'}</Field>
      <Field label="Campus site">{r.campusSiteName ?? 'Any'}</Field>
      {r.departmentName ? <Field label="Department">{r.departmentName}</Field> : null}
      <Field label="Faculty advisor">{r.advisor?.name ?? 'None named'}</Field>
      {r.decidedAt ? <Field label="Decided">{formatDate(r.decidedAt)}</Field> : null}
    </Paper>
  );
}
