import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { useGetRequest } from '../../../requests';
import { RequestSummary } from '../../../requests';
import { CommentsPanel } from '../../../comments';
import { CancelRequestButton, Section } from '../../../requests';
import { useServiceMenuPath } from './student-request-page';

/**
 * #/student/rcl-request/cancel/:requestId: the student withdraws a reduced course load request. A draft
 * is cancelled at once; one already with the office can only be withdrawn by the office, so the student
 * asks them in the request's messages.
 */
export function RclCancelPage() {
  const { requestId = '' } = useParams();
  const request = useGetRequest(requestId);
  const home = useServiceMenuPath();
  const navigate = useNavigate();
  const r = request.data;
  useDocumentTitle(r ? `Cancel ${r.typeName} #${r.number}` : 'Cancel request');
  if (request.isPending) return <PageLoader />;
  if (!r)
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to={home}>
            Back
          </Button>
        }
      >
        This request could not be found.
      </Alert>
    );
  const canCancel = r.allowedActions.includes('cancel');
  const closed = ['approved', 'completed', 'rejected', 'dismissed'].includes(r.status);
  return (
    <Box>
      <Button component={RouterLink} to={home} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to Student Portal
      </Button>
      <PageHeader title={`Cancel ${r.typeName}`} subtitle={`Request #${r.number}`} />
      <Stack spacing={2}>
        <RequestSummary request={r} requesterView />
        {canCancel ? (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography sx={{ mb: 2 }}>
              This request has not been submitted. Cancelling closes it; you can start a new one later.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <CancelRequestButton request={r} variant="contained" onCancelled={() => void navigate(home, { replace: true })} />
              <Button component={RouterLink} to={home}>
                Keep it
              </Button>
            </Box>
          </Paper>
        ) : closed ? (
          <Alert severity="info">
            <AlertTitle>This request is closed</AlertTitle>It cannot be cancelled any more.
          </Alert>
        ) : (
          <>
            <Alert severity="info">
              <AlertTitle>Your request is with the office</AlertTitle>
              Only the office can withdraw it now. Write to them below that you want to cancel it, and why; you will be told by e-mail.
            </Alert>
            <Section title="Messages with the office" id="section-comments">
              <CommentsPanel subjectType="request" subjectId={r.id} canComment isStaff={false} />
            </Section>
          </>
        )}
      </Stack>
    </Box>
  );
}
