import { Paper, Typography } from '@mui/material';
import { Facts } from '../../../ui/facts';
import { useFormatDates } from '../../../app/office-dates';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What an approver sees of a department's sponsorship request on the approval page. */
export function SponsorshipApprovalView({ data }: { data: Record<string, unknown> }) {
  const { formatDate } = useFormatDates();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="sponsorship-approval-title">
      <Typography id="sponsorship-approval-title" variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        Sponsorship request
      </Typography>
      <Facts
        rows={[
          ['Scholar', str(data.scholarName)],
          ['E-mail', str(data.scholarEmail)],
          ['Department', str(data.departmentName)],
          ['Proposed status', str(data.proposedStatus)],
          ['Proposed start date', formatDate(str(data.proposedStartDate))],
          ['Proposed end date', formatDate(str(data.proposedEndDate))],
          ['Position', str(data.position)],
          ['Hiring authority', str(data.hiringAuthorityName)],
        ]}
      />
    </Paper>
  );
}
