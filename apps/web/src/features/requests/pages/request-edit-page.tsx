import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useDocumentTitle } from '../../../app/use-document-title';
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { failureMessage, isSessionOrAccess } from '../../../app/errors/failure';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { CommentsPanel } from '../../comments';
import { useGetRequest } from '../api/get-request';
import { useSubmitRequest } from '../api/submit-request';
import { CancelRequestButton } from '../components/cancel-request-button';
import {
  AdvisorChooser,
  RequestDocumentsSection,
  RequestQuestions,
  RequesterStatusAlerts,
  Section,
} from '../components/requester-sections';
import { RequestSummary } from '../components/request-summary';
import { useUnsavedRequestAnswers } from '../components/unsaved-answers';
import { submitQuestion } from '../components/submit-question';
import type { TPortal } from './requester-home-page';

/**
 * The requester's request (#/student/request-edit/:requestId, #/scholar/request-edit/:requestId):
 * questionnaires and additional (custom) questions with Save draft, documents, Submit with every completeness message on its field.
 */
export function RequestEditPage({ homePath }: { portal: TPortal; homePath: string }) {
  const { requestId = '' } = useParams();
  const request = useGetRequest(requestId);
  const submit = useSubmitRequest(requestId);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitError, setSubmitError] = useState<string[] | null>(null);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  // Answers typed but not saved: saved first when the requester submits, so nothing typed is lost.
  const unsaved = useUnsavedRequestAnswers(requestId);
  const [saving, setSaving] = useState(false);
  const r = request.data;
  useDocumentTitle(r ? `${r.typeName} #${r.number}` : 'Request');
  if (request.isPending) return <PageLoader />;
  if (!r) return <Alert severity="error">This request could not be found.</Alert>;
  const editable = r.canEdit;

  const doSubmit = async () => {
    setSubmitError(null);
    if (unsaved.hasAny()) {
      setSaving(true);
      try {
        await unsaved.saveAll();
      } catch (e) {
        setSaving(false);
        setSubmitError(['Your answers could not be saved, so the request was not submitted.', failureMessage(e)]);
        return;
      }
      setSaving(false);
    }
    submit.mutate(undefined, {
      onSuccess: () => {
        setFieldErrors({});
        snack('Your request was submitted. The office will review it and you will be told by e-mail.', 'success', 6000);
        window.scrollTo({ top: 0 });
      },
      onError: (e) => {
        if (isSessionOrAccess(e)) handleApiError(e);
        else if (isApiError(e) && e.status >= 400 && e.status < 500) {
          const fe = Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
          setFieldErrors(fe);
          const docs = Object.entries(fe)
            .filter(([k]) => k.startsWith('documents.'))
            .map(([, v]) => v);
          const answers = Object.keys(fe).filter((k) => k.startsWith('answers.') || k.startsWith('custom.')).length;
          setSubmitError([
            e.message,
            ...(answers ? [`${answers} ${answers === 1 ? 'question needs' : 'questions need'} an answer: see the messages below.`] : []),
            ...docs,
          ]);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        } else {
          // Offline, a timeout or a server error: one message where the person looks, and nothing typed is lost.
          setSubmitError([failureMessage(e)]);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }
      },
    });
  };

  return (
    <Box>
      <Button component={RouterLink} to={homePath} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to my requests
      </Button>
      <PageHeader title={`${r.typeName}`} subtitle={`Request #${r.number}`} />
      <Stack spacing={2}>
        {submitError ? (
          <Alert severity="error" role="alert">
            <AlertTitle>Not submitted yet</AlertTitle>
            {submitError.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        ) : null}
        <RequesterStatusAlerts request={r} />
        <RequestSummary request={r} requesterView />
        {editable ? <AdvisorChooser request={r} required={false} error={fieldErrors.advisorUserId} /> : null}
        <RequestQuestions request={r} fieldErrors={fieldErrors} unsaved={unsaved} />
        <RequestDocumentsSection request={r} fieldErrors={fieldErrors} />
        {editable ? (
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
              You can save a draft at any time. Submitting saves what you typed, then sends the request to the office.
            </Typography>
            {r.allowedActions.includes('cancel') ? <CancelRequestButton request={r} /> : null}
            <Button
              variant="contained"
              onClick={() => setConfirmSubmit(true)}
              disabled={saving || submit.isPending || !r.allowedActions.includes('submit')}
            >
              {r.status === 'clarification_requested' ? 'Submit again' : 'Submit request'}
            </Button>
          </Paper>
        ) : null}
        {r.status !== 'draft' ? (
          <Section title="Comments" id="section-comments">
            <CommentsPanel subjectType="request" subjectId={r.id} canComment isStaff={false} />
          </Section>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirmSubmit}
        {...submitQuestion(r, r.typeName)}
        onCancel={() => setConfirmSubmit(false)}
        onConfirm={() => {
          setConfirmSubmit(false);
          void doSubmit();
        }}
      />
    </Box>
  );
}
