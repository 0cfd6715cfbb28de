import { useEffect } from 'react';
import { Alert, AlertTitle, Box, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { PROCESSED_STATE_LABELS, type TProcessedState } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { scholarPathFor } from '../../../../app/landing';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { Redirect } from '../../../../ui/redirect';
import { RequestDocuments } from '../../../attachments';
import { useGetMyApplication, useGetPortalApplication } from '../api/application';
import { ApplicationEditor } from '../components/application-editor';
import { ApplicationFormView } from '../components/application-form-view';

export type TPortalPage = 'edith1application' | 'edito1application' | 'edito1extension' | 'editj1application' | 'editf1application';

/** Page headers. */
const TITLES: Record<TPortalPage, string> = {
  edith1application: 'H-1B Request',
  edito1application: 'O-1 Request',
  edito1extension: 'O-1 Extension Request',
  editj1application: 'J-1 Request',
  editf1application: 'F-1 OPT/STEM Request',
};

/**
 * A scholar's application page by processed state. A scholar who opens another
 * page than the one of their processed state is sent to the right one; an application submitted to
 * ISSS is shown read-only.
 */
export function ApplicationPage({ page }: { page: TPortalPage }) {
  const { formatDate } = useFormatDates();
  const { applicationId = '' } = useParams();
  const byId = page === 'edito1extension' && !!applicationId;
  const mine = useGetMyApplication(!byId);
  const one = useGetPortalApplication(applicationId, byId);
  const q = byId ? one : mine;
  useDocumentTitle(TITLES[page]);
  // "Not opened yet" (404) is said here; anything else (an expired session...) takes the global path.
  useEffect(() => {
    if (q.error && !(isApiError(q.error) && q.error.status === 404)) handleApiError(q.error);
  }, [q.error]);
  if (q.isPending) return <PageLoader />;
  if (q.isError || !q.data) {
    const missing = isApiError(q.error) && q.error.status === 404;
    return (
      <Box>
        <PageHeader title={TITLES[page]} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing
            ? 'No application has been opened for you yet. The international office will tell you by e-mail when it is ready for you to fill in.'
            : 'Your application could not be loaded. Please try again later.'}
        </Alert>
      </Box>
    );
  }
  const app = q.data;
  const expected = scholarPathFor((app.processedState || null) as TProcessedState | null);
  if (expected !== `/scholar/${page}`) return <Redirect to={expected} />;
  const variant = PROCESSED_STATE_LABELS[app.processedState] ?? app.processedState;
  const isSubmitted = app.applicationState === 'submitted' || app.isLocked;
  return (
    <Box>
      <PageHeader title={TITLES[page]} subtitle={`${app.scholarName} · ${variant} application · ${app.departmentName}`} />
      {isSubmitted || !app.canEdit ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            <AlertTitle>{isSubmitted ? 'Submitted to ISSS' : 'Not open for changes'}</AlertTitle>
            {isSubmitted
              ? `Your application was submitted to ISSS${app.submittedAt ? ` on ${formatDate(app.submittedAt)}` : ''}. It is locked while the office reviews it; if something needs to change, the office will unlock it and tell you.`
              : 'This application cannot be changed now.'}
          </Alert>
          <ApplicationFormView processedState={app.processedState} data={app.data} />
          {app.applicationRequestId ? (
            <Box component="section" aria-labelledby="docs-heading">
              <Typography id="docs-heading" variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                Documents
              </Typography>
              <RequestDocuments requestId={app.applicationRequestId} canUpload={false} canManage={false} isReadOnly />
            </Box>
          ) : null}
        </Stack>
      ) : (
        <ApplicationEditor key={app.applicationId} app={app} />
      )}
    </Box>
  );
}
