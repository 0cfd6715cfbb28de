import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { MSG, type TStudentStage } from '@meridian/domain';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { displayName } from '../../../ui/display-name';

export type TStudentPage = 'welcome-wizard' | 'student-pre-arrival' | 'student-check-in' | 'student-service-menu';

const PAGES: Record<TStudentPage, { title: string; text: string }> = {
  'welcome-wizard': {
    title: 'Welcome',
    text: 'This is where you will answer a few questions to get started with the international office.',
  },
  'student-pre-arrival': {
    title: 'Pre-Arrival',
    text: 'This is where you will find what to prepare before you travel and the documents the office needs from you.',
  },
  'student-check-in': {
    title: 'Check-In',
    text: 'This is where you will confirm your arrival and complete your immigration check-in with the office.',
  },
  'student-service-menu': {
    title: 'Student Services',
    text: 'This is where you will request services from the office, such as OPT, CPT, program extensions and travel signatures.',
  },
};

export const STAGE_LABELS: Record<TStudentStage, string> = {
  invited: 'Invited',
  pre_arrival: 'Pre-arrival',
  check_in: 'Check-in',
  continuing: 'Continuing',
  postcompletion_graduated: 'Post-completion (graduated)',
  archived: 'Archived',
};

/** The student's page for their stage; the forms and requests come in a later release. */
export function StudentStagePage({ page }: { page: TStudentPage }) {
  const { title, text } = PAGES[page];
  useDocumentTitle(title);
  const me = useCurrentUser();
  if (me.isPending) return <PageLoader />;
  if (!me.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const user = me.data;
  return (
    <Box>
      <PageHeader title={title} subtitle={`Hello, ${displayName(user)}`} />
      <Card variant="outlined" sx={{ maxWidth: 720, borderTop: 4, borderTopColor: 'secondary.main' }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h2" component="h2">
              Your status
            </Typography>
            <Typography>
              Current stage: <strong>{user.currentStage ? STAGE_LABELS[user.currentStage] : 'Not started'}</strong>
            </Typography>
            <Typography>{text}</Typography>
            <Typography color="text.secondary">
              We are still building this part of the portal. The international office will let you know by e-mail
              when it opens; until then, please contact the office directly with any questions.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
