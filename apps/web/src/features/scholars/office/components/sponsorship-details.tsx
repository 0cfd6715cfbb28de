import { Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { labelOfStatus, type scholarsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { portalAccountLabel } from './case-format';
import { DefinitionList } from './definition-list';

/** What the department asked for: the scholar, proposed status and dates, position, hiring authority. */
export function SponsorshipDetails({ c }: { c: scholarsApi.TOfficeCase }) {
  const { formatDate, formatDateTime } = useFormatDates();
  const r = c.sponsorshipRequest;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sponsorship-title" sx={{ p: 2 }}>
      <Typography id="sponsorship-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        The department's request
      </Typography>
      <DefinitionList
        items={[
          ['Scholar', `${c.scholar.firstName} ${c.scholar.lastName}`],
          ['E-mail', c.scholar.email],
          ['Portal account', portalAccountLabel(c.scholar)],
          ['Proposed status', c.proposedStatus],
          ['Proposed start date', formatDate(c.proposedStartDate) || '—'],
          ['Proposed end date', formatDate(c.proposedEndDate) || '—'],
          ['Position', c.position],
          ['Hiring authority', c.hiringAuthorityName],
          ['Hiring authority e-mail', c.hiringAuthorityEmail],
          ['Department', c.department.name],
          ['Requested by', c.createdByName ?? '—'],
          ['Received', formatDateTime(c.createdAt)],
          ['Where it stands', labelOfStatus('sponsorship', c.sponsorshipState)],
          [
            'Sponsorship request',
            !r ? (
              '—'
            ) : c.canOpenRequests ? (
              <Link component={RouterLink} to={`/admin/request/${r.id}`}>
                #{r.number} ({labelOfStatus('sponsorship', c.sponsorshipState)})
              </Link>
            ) : (
              `#${r.number} (${labelOfStatus('sponsorship', c.sponsorshipState)})`
            ),
          ],
        ]}
      />
    </Paper>
  );
}
