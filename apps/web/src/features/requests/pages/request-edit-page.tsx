import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useDocumentTitle } from '../../../app/use-document-title';
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { failureMessage, isSessionOrAccess } from '../../../app/errors/failure';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { RequestDocuments } from '../../attachments';
import { CommentsPanel } from '../../comments';
import { useGetRequest } from '../api/get-request';
import { useListAdvisors } from '../api/list-advisors';
import { useUpdateRequest } from '../api/update-request';
import { useSubmitRequest } from '../api/submit-request';
import { useCancelRequest } from '../api/cancel-request';
import { RequestQuestionnaire } from '../components/request-answers-view';
import { RequestCustomQuestions } from '../components/request-custom-questions';
import { RequestSummary } from '../components/request-summary';
import { useUnsavedRequestAnswers } from '../components/unsaved-answers';
import { submitQuestion } from '../components/submit-question';
import type { TPortal } from './requester-home-page';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The requester's request (#/student/request-edit/:requestId, #/scholar/request-edit/:requestId):
 * questionnaires and additional (custom) questions with Save draft, documents, Submit with every completeness message on its field.
 */
export function RequestEditPage({ homePath }: { portal: TPortal; homePath: string }) {
  const { requestId = '' } = useParams();
  const request = useGetRequest(requestId);
  const advisors = useListAdvisors();
  const update = useUpdateRequest(requestId);
  const submit = useSubmitRequest(requestId);
  const cancel = useCancelRequest(requestId);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitError, setSubmitError] = useState<string[] | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
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
        {r.status === 'clarification_requested' ? (
          <Alert severity="warning">
            <AlertTitle>The office asks for clarification</AlertTitle>
            {r.statusMessage}
            <br />
            Change your answers or documents, then submit again.
          </Alert>
        ) : null}
        {r.status === 'rejected' && r.statusMessage ? (
          <Alert severity="error">
            <AlertTitle>Your request was rejected</AlertTitle>
            {r.statusMessage}
          </Alert>
        ) : null}
        {r.status === 'adv_review' ? (
          <Alert severity="info">
            Your request has been submitted and is with its approvers ({r.approverCheck.steps.join(', then ') || 'approvers'}); the office
            decides after them. You will be told by e-mail when something changes.
          </Alert>
        ) : r.status === 'submitted' || r.status === 'in_review' ? (
          <Alert severity="info">
            Your request has been submitted and is with the office. You will be told by e-mail when something changes.
          </Alert>
        ) : null}
        <RequestSummary request={r} requesterView />
        {editable ? (
          <Section title="Faculty advisor">
            <FormControl size="small" sx={{ minWidth: 320 }}>
              <InputLabel id="advisor-label">Faculty advisor</InputLabel>
              <Select
                labelId="advisor-label"
                label="Faculty advisor"
                value={r.advisor?.userId ?? ''}
                disabled={update.isPending}
                onChange={(e) => update.mutate(e.target.value || null, { onSuccess: () => snack('Faculty advisor saved.', 'success') })}
              >
                <MenuItem value="">None</MenuItem>
                {(advisors.data ?? []).map((a) => (
                  <MenuItem key={a.userId} value={a.userId}>
                    {a.name}
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText error={!!fieldErrors.advisorUserId}>
                {fieldErrors.advisorUserId ||
                  'If this request needs a faculty recommendation, your advisor will get an e-mail to approve it.'}
              </FormHelperText>
            </FormControl>
          </Section>
        ) : null}
        {r.questionnaireIds.map((q) => (
          <RequestQuestionnaire
            key={q}
            requestId={r.id}
            questionnaireId={q}
            readOnly={!editable}
            fieldErrors={fieldErrors}
            pending={unsaved.pending}
          />
        ))}
        <RequestCustomQuestions requestId={r.id} readOnly={!editable} fieldErrors={fieldErrors} pending={unsaved.pending} />
        {r.documentIds.length || editable ? (
          <Section title="Documents">
            {Object.entries(fieldErrors)
              .filter(([k]) => k.startsWith('documents.'))
              .map(([k, v]) => (
                <Alert key={k} severity="error" sx={{ mb: 1 }}>
                  {v}
                </Alert>
              ))}
            <RequestDocuments requestId={r.id} canUpload={editable} canManage={false} />
          </Section>
        ) : null}
        {editable ? (
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
              You can save a draft at any time. Submitting saves what you typed, then sends the request to the office.
            </Typography>
            {r.allowedActions.includes('cancel') ? (
              <Button color="error" onClick={() => setConfirmCancel(true)}>
                Cancel request
              </Button>
            ) : null}
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
          <Section title="Comments">
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
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel request"
        destructive
        busy={cancel.isPending}
        message="Cancel this draft request? It will be closed and cannot be submitted."
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => snack('The request was cancelled.', 'success'),
            onSettled: () => setConfirmCancel(false),
          })
        }
      />
    </Box>
  );
}
