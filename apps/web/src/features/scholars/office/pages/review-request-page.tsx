import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageLoader } from '../../../../ui/page-loader';
import { RequestDocuments } from '../../../attachments';
import { CommentsPanel } from '../../../comments';
import { useGetOfficeCase } from '../api/office-case';
import { CaseHeader } from '../components/case-header';
import { visaLabel } from '../components/case-format';
import { ProcessPanel } from '../components/process-panel';
import { SponsorshipDetails } from '../components/sponsorship-details';

/** #/admin/reviewrequest/:applicationId: the department's sponsorship request and "Process as". */
export function ReviewRequestPage() {
  const { applicationId = '' } = useParams();
  const query = useGetOfficeCase(applicationId);
  const navigate = useNavigate();
  const c = query.data;
  useDocumentTitle(c ? `Review Sponsorship Request: ${c.scholar.firstName} ${c.scholar.lastName}` : 'Review Sponsorship Request');
  if (query.isPending) return <PageLoader />;
  if (!c) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" component={RouterLink} to="/admin/dashboard">
            Dashboard
          </Button>
        }
      >
        This sponsorship request could not be found, or you do not have access to it.
      </Alert>
    );
  }
  const waiting = c.sponsorshipState === 'draft' || c.sponsorshipState === 'pending_approval' || c.sponsorshipState === 'rejected';
  return (
    <Box>
      <Button component={RouterLink} to="/admin/dashboard" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to the dashboard
      </Button>
      <CaseHeader c={c} title="Review Sponsorship Request" />
      <Stack spacing={2}>
        {c.processedState ? (
          <Alert
            severity={c.processedState === 'Ineligible' ? 'warning' : 'success'}
            action={
              <Button color="inherit" component={RouterLink} to={`/admin/scholar-profile/${c.id}`}>
                Open the scholar profile
              </Button>
            }
          >
            {c.processedState === 'Ineligible'
              ? 'This request was closed as ineligible.'
              : `Processed as ${visaLabel(c.processedState)}. The case continues on the scholar profile.`}
          </Alert>
        ) : null}
        {waiting ? (
          <Alert severity="info">
            The department has not sent this request to the office yet
            {c.sponsorshipState === 'pending_approval' ? ": it is with the department's approvers" : ''}. It can be processed once it
            arrives.
          </Alert>
        ) : null}
        <SponsorshipDetails c={c} />
        {c.canProcess ? (
          <ProcessPanel
            key={c.version}
            c={c}
            onDone={(next) => {
              if (next.processedState !== 'Ineligible') void navigate(`/admin/scholar-profile/${next.id}?tab=processing`);
            }}
          />
        ) : null}
        {c.sponsorshipRequest && !c.canOpenRequests ? (
          <Alert severity="info">
            The department's documents and comments are on its request, which officers of the site and super users open.
          </Alert>
        ) : null}
        {c.sponsorshipRequest && c.canOpenRequests ? (
          <>
            <Paper variant="outlined" component="section" aria-labelledby="docs-title" sx={{ p: 2 }}>
              <Typography id="docs-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
                Documents from the department
              </Typography>
              <RequestDocuments
                requestId={c.sponsorshipRequest.id}
                canUpload={c.canManage}
                canManage={c.canManage}
                requiredDocuments={[]}
              />
            </Paper>
            <Paper variant="outlined" component="section" aria-labelledby="comments-title" sx={{ p: 2 }}>
              <Typography id="comments-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
                Comments
              </Typography>
              <CommentsPanel subjectType="request" subjectId={c.sponsorshipRequest.id} canComment isStaff />
            </Paper>
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
