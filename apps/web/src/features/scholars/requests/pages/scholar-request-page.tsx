import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { isScholarRequestCode, requestsApi, SCHOLAR_REQUEST_MSG, type scholarsApi, type TRequestDetail } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { failureMessage, isSessionOrAccess } from '../../../../app/errors/failure';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { CommentsPanel } from '../../../comments';
import {
  CancelRequestButton,
  RequestDocumentsSection,
  RequestEditPage,
  RequesterStatusAlerts,
  RequestQuestions,
  RequestSummary,
  Section,
  requestKey,
  requestsKey,
  submitQuestion,
  useGetRequest,
  useUnsavedRequestAnswers,
} from '../../../requests';
import { useGetScholarRequestData, useSaveScholarRequestData } from '../api/scholar-request-data';
import { ScholarRequestFields } from '../components/scholar-request-fields';
import { focusField, useScholarRequestForm } from '../components/use-scholar-request-form';

const HOME = '/scholar/requests';
const PROBLEM_ID = 'scholar-request-problem';

/**
 * #/scholar/request-edit/:requestId: a scholar request with a form of its own (docs/product/scholars-portal.md#requests)
 * opens on its page; any other request of the scholar shell on the generic one.
 */
export function ScholarRequestEditSwitch() {
  const { requestId = '' } = useParams();
  const request = useGetRequest(requestId);
  if (request.isPending) return <PageLoader />;
  const r = request.data;
  if (r && r.profileId === null && isScholarRequestCode(r.typeCode)) return <ScholarRequestPage request={r} />;
  return <RequestEditPage portal="scholar" homePath={HOME} />;
}

function ScholarRequestPage({ request }: { request: TRequestDetail }) {
  const form = useGetScholarRequestData(request.id);
  useDocumentTitle(`${request.typeName} #${request.number}`);
  if (form.isPending) return <PageLoader />;
  if (!form.data) return <Alert severity="error">{failureMessage(form.error)}</Alert>;
  return <LoadedPage key={request.id} request={request} form={form.data} />;
}

function LoadedPage({ request, form }: { request: TRequestDetail; form: scholarsApi.TScholarRequestFormOutput }) {
  // The request as it changes (saves, submit): the cached detail, first read by the switch.
  const live = useGetRequest(request.id).data ?? request;
  const r = live;
  const f = useScholarRequestForm(form.code, form.data, form.context);
  const save = useSaveScholarRequestData(r.id);
  const unsaved = useUnsavedRequestAnswers(r.id);
  const qc = useQueryClient();
  const [problem, setProblem] = useState<string[] | null>(null);
  const [otherErrors, setOtherErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const editable = r.canEdit && form.canEdit;

  /** A refused save or submit: its messages on the fields, the rest summed up above the form. */
  const refuse = (e: unknown) => {
    if (isSessionOrAccess(e)) {
      handleApiError(e);
      return;
    }
    if (isApiError(e) && e.status >= 400 && e.status < 500) {
      const fields = f.applyServerErrors(e.fieldErrors);
      const others = Object.fromEntries(
        Object.entries(e.fieldErrors ?? {})
          .filter(([k]) => !k.startsWith('data.'))
          .map(([k, v]) => [k, v[0] ?? '']),
      );
      setOtherErrors(others);
      const answers = Object.keys(others).filter((k) => k.startsWith('answers.') || k.startsWith('custom.')).length;
      setProblem([
        e.message,
        ...(fields.length
          ? [`${fields.length} ${fields.length === 1 ? 'field needs' : 'fields need'} attention: see the messages on the fields.`]
          : []),
        ...(answers ? [`${answers} ${answers === 1 ? 'question needs' : 'questions need'} an answer: see the messages below.`] : []),
        ...Object.entries(others)
          .filter(([k]) => k.startsWith('documents.'))
          .map(([, v]) => v),
      ]);
      if (fields[0]) focusField(fields[0]);
      else setTimeout(() => document.getElementById(PROBLEM_ID)?.focus(), 50);
      return;
    }
    setProblem([failureMessage(e)]);
    setTimeout(() => document.getElementById(PROBLEM_ID)?.focus(), 50);
  };

  const saveData = async (): Promise<boolean> => {
    const wrong = f.validate('draft');
    if (wrong.length) {
      setProblem(['Please correct the fields marked before saving.']);
      focusField(wrong[0]!);
      return false;
    }
    try {
      await save.mutateAsync(f.payload());
      f.markSaved();
      return true;
    } catch (e) {
      refuse(e);
      return false;
    }
  };

  const doSave = async () => {
    setProblem(null);
    setBusy(true);
    try {
      if (await saveData()) {
        if (unsaved.hasAny()) await unsaved.saveAll();
        snack('Draft saved.', 'success');
      }
    } catch (e) {
      refuse(e);
    } finally {
      setBusy(false);
    }
  };

  const askSubmit = () => {
    setProblem(null);
    const wrong = f.validate('submit');
    if (wrong.length) {
      setProblem(['Please complete the request before submitting: see the messages on each field.']);
      focusField(wrong[0]!);
      return;
    }
    setConfirmSubmit(true);
  };

  const doSubmit = async () => {
    setConfirmSubmit(false);
    setBusy(true);
    try {
      if (f.isDirty && !(await saveData())) return;
      if (unsaved.hasAny()) await unsaved.saveAll();
      const done = await apiCall(requestsApi.submitRequest, { params: { requestId: r.id } });
      qc.setQueryData(requestKey(r.id), done);
      await qc.invalidateQueries({ queryKey: requestsKey });
      setOtherErrors({});
      snack('Your request was submitted. The office will review it and you will be told by e-mail.', 'success', 6000);
      window.scrollTo({ top: 0 });
    } catch (e) {
      refuse(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Button component={RouterLink} to={HOME} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to my requests
      </Button>
      <PageHeader title={r.typeName} subtitle={`Request #${r.number}${form.scholar ? ` · about ${form.scholar.name}` : ''}`} />
      <Stack spacing={2}>
        {problem ? (
          <Alert severity="error" role="alert" id={PROBLEM_ID} tabIndex={-1}>
            <AlertTitle>
              {r.status === 'draft' || r.status === 'clarification_requested' ? 'Not saved or submitted yet' : 'Not done'}
            </AlertTitle>
            {problem.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        ) : null}
        {!form.scholar ? <Alert severity="warning">{SCHOLAR_REQUEST_MSG.noScholar}</Alert> : null}
        <RequesterStatusAlerts request={r} approved="The office approved this request: the case shows the change." />
        <RequestSummary request={r} requesterView />
        <ScholarRequestFields
          code={form.code}
          data={f.data}
          errors={f.errors}
          readOnly={!editable}
          context={form.context}
          onChange={f.setField}
          onBlur={f.blurField}
        />
        <RequestQuestions request={r} fieldErrors={otherErrors} unsaved={unsaved} />
        <RequestDocumentsSection request={r} fieldErrors={otherErrors} />
        {editable ? (
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
              You can save a draft at any time. Submitting saves what you typed, then sends the request to the office.
            </Typography>
            {r.allowedActions.includes('cancel') ? <CancelRequestButton request={r} disabled={busy} /> : null}
            <Button variant="outlined" onClick={() => void doSave()} disabled={busy}>
              Save draft
            </Button>
            <Button variant="contained" onClick={askSubmit} disabled={busy || !r.allowedActions.includes('submit')}>
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
        busy={busy}
        onCancel={() => setConfirmSubmit(false)}
        onConfirm={() => void doSubmit()}
      />
    </Box>
  );
}
