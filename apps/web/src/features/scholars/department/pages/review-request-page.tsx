import { useParams } from 'react-router';
import { useFormatDates } from '../../../../app/office-dates';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { useSession } from '../../../../app/session/session-store';
import { isApiError } from '../../../../app/http/api-error';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { Redirect } from '../../../../ui/redirect';
import { useGetMySponsorshipRequest } from '../api/my-sponsorship-request';
import { useListDeptCases } from '../api/list-dept-cases';
import { Facts } from '../../../../ui/facts';

/**
 * #/scholar/reviewrequest: a scholar whose request the office has not processed yet sees it here,
 * read-only. A department user (notification redirect reviewrequest/{scholarId}/{applicationId})
 * goes to the case itself.
 */
export function ReviewRequestPage() {
  const session = useSession();
  const { scholarId, applicationId } = useParams();
  if (session?.userRole === 'department') {
    if (applicationId) return <Redirect to={`/scholar/editscholarapplication/${applicationId}`} />;
    return scholarId ? <ScholarCaseRedirect scholarId={scholarId} /> : <Redirect to="/scholar/deptDashboard" />;
  }
  return <MySponsorshipRequest />;
}

/** A notification names the scholar: open their latest case in the department (the dashboard if none is reachable). */
function ScholarCaseRedirect({ scholarId }: { scholarId: string }) {
  const q = useListDeptCases({ scholarId, sort: 'updatedAt', order: 'desc', page: 1, pageSize: 1 });
  if (q.isPending) return <PageLoader />;
  const first = q.data?.items[0];
  return <Redirect to={first ? `/scholar/editscholarapplication/${first.applicationId}` : '/scholar/deptDashboard'} />;
}

function MySponsorshipRequest() {
  const { formatDate } = useFormatDates();
  useDocumentTitle('Review Sponsorship Request');
  const q = useGetMySponsorshipRequest();
  if (q.isPending) return <PageLoader />;
  const none = q.isError && isApiError(q.error) && q.error.status === 404;
  const r = q.data;
  return (
    <Box>
      <PageHeader title="Review Sponsorship Request" subtitle="What your department asked the international office for." />
      {q.isError ? (
        <Alert severity={none ? 'info' : 'error'}>
          {none
            ? 'No sponsorship request has been made for you yet. Your department starts it; you will receive an e-mail when there is something for you to do.'
            : 'Your sponsorship request could not be loaded. Please try again later.'}
        </Alert>
      ) : r ? (
        <Card variant="outlined" sx={{ maxWidth: 760, borderTop: 4, borderTopColor: 'secondary.main' }}>
          <CardContent>
            <Stack spacing={2}>
              {r.isProcessed ? (
                <Alert severity="success">The international office has processed your request ({r.processedState}).</Alert>
              ) : (
                <Alert severity="info">
                  The international office has not processed your sponsorship request yet. There is nothing you need to do now: you will
                  receive an e-mail as soon as your application is ready for you to fill in.
                </Alert>
              )}
              <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem' }}>
                Your sponsorship request
              </Typography>
              <Facts
                rows={[
                  ['Name', `${r.firstName} ${r.lastName}`],
                  ['E-mail', r.email],
                  ['Department', r.departmentName],
                  ['Proposed status', r.proposedStatus],
                  ['Proposed start date', formatDate(r.proposedStartDate) || '—'],
                  ['Proposed end date', formatDate(r.proposedEndDate) || '—'],
                  ['Position', r.position],
                  ['Hiring authority', r.hiringAuthorityName],
                ]}
              />
            </Stack>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
