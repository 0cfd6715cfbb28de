import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  isStudentRequestCode,
  STUDENT_REQUEST_FORMS,
  type TRequestDetail,
  type TStudentRequestCode,
  type TStudentRequestData,
} from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { useGetCurrentUser } from '../../../auth';
import { useGetRequest } from '../../../requests';
import { useListStartableTypes } from '../../../requests';
import { RequestSummary } from '../../../requests';
import { useUnsavedRequestAnswers } from '../../../requests';
import { submitQuestion } from '../../../requests';
import { useConfirm } from '../../../../ui/confirm-dialog';
import { CommentsPanel } from '../../../comments';
import { StudentRequestForm } from '../components/student-request-form';
import { focusField, useRequestDataForm } from '../components/use-request-data-form';
import { useGetStudentRequestData } from '../api/save-request-data';
import { useGetMyRequestFormContext } from '../api/get-my-request-form-context';
import {
  AdvisorChooser,
  CancelRequestButton,
  RequestDocumentsSection,
  RequestQuestions,
  RequesterStatusAlerts,
  Section,
} from '../../../requests';
import { ADVISOR_REQUIRED, ADVISOR_TYPES } from '../components/advisor-types';
import { PROBLEM_ID, useRequestSubmit, type TSubmitProblem } from '../components/use-request-submit';
import { requestPath } from '../request-paths';

/** What a dedicated page fixes about its form: e.g. pre-OPT sets opt_type 01 and hides the choice. */
export interface TPageVariant {
  title?: string;
  preset?: TStudentRequestData;
  hidden?: readonly string[];
}

/** The service menu: where the student returns after a submit. */
export function useServiceMenuPath(): string {
  const me = useGetCurrentUser();
  return me.data?.profileId ? `/student/student-service-menu/${encodeURIComponent(me.data.profileId)}` : '/';
}

export const requestData = (r: TRequestDetail): TStudentRequestData => r.data ?? {};

/** After a save, leave with the guard lowered first (the router blocks while there are unsaved changes). */
function useLeave() {
  const navigate = useNavigate();
  const [to, setTo] = useState<{ path: string; state?: unknown } | null>(null);
  useEffect(() => {
    if (to) void navigate(to.path, { replace: true, state: to.state });
  }, [to, navigate]);
  return { leaving: !!to, leave: (path: string, state?: unknown) => setTo({ path, state }) };
}

export function ProblemAlert({ problem }: { problem: TSubmitProblem | null }) {
  if (!problem) return null;
  return (
    <Alert severity="error" role="alert" id={PROBLEM_ID} tabIndex={-1}>
      <AlertTitle>{problem.summary[0]}</AlertTitle>
      {problem.summary.slice(1).map((m) => (
        <div key={m}>{m}</div>
      ))}
    </Alert>
  );
}

/** #/student/<type>/create/:requestTypeId: the form first; the first save creates the draft and moves to its edit page. */
export function StudentRequestCreatePage({ variant = {} }: { variant?: TPageVariant | undefined }) {
  const { requestTypeId = '' } = useParams();
  const types = useListStartableTypes();
  const type = types.data?.find((t) => t.id === requestTypeId);
  const home = useServiceMenuPath();
  useDocumentTitle(variant.title ?? type?.name ?? 'New request');
  if (types.isPending) return <PageLoader />;
  if (!type || !isStudentRequestCode(type.code)) {
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to={home}>
            Back
          </Button>
        }
      >
        This request is not available to you.
      </Alert>
    );
  }
  return (
    <CreateForm
      code={type.code}
      requestTypeId={type.id}
      name={variant.title ?? type.name}
      description={type.description}
      variant={variant}
      home={home}
    />
  );
}

function CreateForm({
  code,
  requestTypeId,
  name,
  description,
  variant,
  home,
}: {
  code: TStudentRequestCode;
  requestTypeId: string;
  name: string;
  description: string;
  variant: TPageVariant;
  home: string;
}) {
  // The record's dates and the office's field settings, so the form checks and draws what the saved draft's will.
  const mine = useGetMyRequestFormContext(true);
  const form = useRequestDataForm(code, { ...(variant.preset ?? {}) }, mine.data);
  const confirm = useConfirm();
  const actions = useRequestSubmit(form, {
    requestTypeId,
    request: null,
    confirmSubmit: () => confirm.ask(submitQuestion(null, name, { asksAdvisor: ADVISOR_TYPES.has(code) })),
  });
  const { leaving, leave } = useLeave();
  const onSave = async () => {
    const id = await actions.saveDraft();
    if (id) {
      snack('Draft saved. Add the documents and questions below, then submit.', 'success');
      leave(requestPath(code, id, form.latest.current.opt_type));
    }
  };
  const onSubmit = async () => {
    const res = await actions.submit();
    if (res.ok) {
      snack('Your request was submitted. The office will review it and you will be told by e-mail.', 'success', 6000);
      leave(home);
    } else if (res.requestId && res.problem) {
      // The draft exists now: its page shows the documents and questions the office still needs.
      leave(requestPath(code, res.requestId, form.latest.current.opt_type), { problem: res.problem });
    }
  };
  return (
    <Box>
      <UnsavedChangesGuard when={form.isDirty && !leaving} />
      <Button component={RouterLink} to={home} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to Student Portal
      </Button>
      <PageHeader title={name} subtitle={description || undefined} />
      {confirm.dialog}
      <Stack
        spacing={2}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <ProblemAlert problem={actions.problem} />
        <StudentRequestForm
          code={code}
          data={form.data}
          errors={form.errors}
          readOnly={false}
          hidden={variant.hidden}
          context={mine.data}
          onChange={form.setField}
          onBlur={form.blurField}
        />
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
            Save a draft to continue later{ADVISOR_TYPES.has(code) ? ', name your faculty advisor' : ''} and add the documents the office
            asks for. Fields marked * are needed to submit.
          </Typography>
          <Button onClick={() => void onSave()} disabled={actions.busy}>
            Save draft
          </Button>
          <Button type="submit" variant="contained" disabled={actions.busy}>
            Submit request
          </Button>
        </Paper>
      </Stack>
    </Box>
  );
}

/** #/student/<type>/edit/:requestId (and the read-only views): the request's fields, advisor, questions and documents. */
export function StudentRequestEditPage({
  variant = {},
  readOnlyView = false,
}: {
  variant?: TPageVariant | undefined;
  readOnlyView?: boolean;
}) {
  const { requestId = '' } = useParams();
  const request = useGetRequest(requestId);
  const home = useServiceMenuPath();
  const r = request.data;
  useDocumentTitle(r ? `${r.typeName} #${r.number}` : 'Request');
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
  return <EditForm key={r.id} request={r} variant={variant} home={home} readOnlyView={readOnlyView} />;
}

function EditForm({
  request: r,
  variant,
  home,
  readOnlyView,
}: {
  request: TRequestDetail;
  variant: TPageVariant;
  home: string;
  readOnlyView: boolean;
}) {
  const code = isStudentRequestCode(r.typeCode) ? r.typeCode : null;
  const location = useLocation();
  const saved = useGetStudentRequestData(code ? r.id : null);
  const form = useRequestDataForm(code, requestData(r), saved.data?.context);
  const unsaved = useUnsavedRequestAnswers(r.id);
  const needsAdvisor = !!code && ADVISOR_TYPES.has(code);
  const confirm = useConfirm();
  const actions = useRequestSubmit(form, {
    requestTypeId: r.requestTypeId,
    request: r,
    unsaved,
    beforeSubmit: () => (needsAdvisor && !r.advisor ? { advisorUserId: ADVISOR_REQUIRED } : {}),
    confirmSubmit: () => confirm.ask(submitQuestion(r, r.typeName)),
  });
  const { leaving, leave } = useLeave();
  const editable = r.canEdit && !readOnlyView;
  const extras = actions.problem?.extras ?? {};
  // Arriving from the create page after a refused submit: its messages are shown here, once.
  const carriedShown = useRef(false);
  useEffect(() => {
    if (carriedShown.current) return;
    carriedShown.current = true;
    const carried = (location.state as { problem?: TSubmitProblem } | null)?.problem;
    if (!carried) return;
    actions.setProblem(carried);
    const fields = form.applyServerErrors(carried.fieldErrors);
    const extras = carried.extras ?? {};
    const first = fields[0] ?? (extras.advisorUserId ? 'advisorUserId' : null);
    // Drawn by now except the engine's parts, which load: focus after a moment.
    setTimeout(() => (first ? focusField(first) : document.getElementById(PROBLEM_ID)?.focus()), 300);
  }, [location.state, actions, form]);
  const optType = form.data.opt_type;
  const title =
    variant.title ??
    (code === 'opt_request' && (optType === '01' || optType === '02')
      ? `${optType === '01' ? 'Pre' : 'Post'}-completion OPT`
      : code
        ? STUDENT_REQUEST_FORMS[code].title
        : r.typeName);

  const onSave = async () => {
    if (await actions.saveDraft()) snack('Draft saved.', 'success');
  };
  const onSubmit = async () => {
    const res = await actions.submit();
    if (res.ok) {
      snack(
        r.status === 'clarification_requested'
          ? 'Your request was submitted again.'
          : 'Your request was submitted. The office will review it and you will be told by e-mail.',
        'success',
        6000,
      );
      leave(home);
    }
  };
  return (
    <Box>
      <UnsavedChangesGuard when={editable && form.isDirty && !leaving} />
      <Button component={RouterLink} to={home} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to Student Portal
      </Button>
      <PageHeader title={title} subtitle={`Request #${r.number}`} />
      {confirm.dialog}
      {/* Not a <form>: the engine's questionnaires below are forms of their own. */}
      <Stack spacing={2}>
        <ProblemAlert problem={actions.problem} />
        <RequesterStatusAlerts request={r} />
        {readOnlyView && r.canEdit ? (
          <Alert
            severity="warning"
            action={
              <Button component={RouterLink} to={requestPath(r.typeCode, r.id, form.data.opt_type)}>
                Edit
              </Button>
            }
          >
            This request is not submitted yet.
          </Alert>
        ) : null}
        <RequestSummary request={r} requesterView />
        {code ? (
          <StudentRequestForm
            code={code}
            data={form.data}
            errors={form.errors}
            readOnly={!editable}
            hidden={variant.hidden}
            context={saved.data?.context}
            onChange={form.setField}
            onBlur={form.blurField}
          />
        ) : null}
        {editable || r.advisor || (code && ADVISOR_TYPES.has(code)) ? (
          <AdvisorChooser
            request={readOnlyView ? { ...r, canEdit: false } : r}
            required={!!code && ADVISOR_TYPES.has(code)}
            error={extras.advisorUserId}
          />
        ) : null}
        <RequestQuestions request={readOnlyView ? { ...r, canEdit: false } : r} fieldErrors={extras} unsaved={unsaved} />
        <RequestDocumentsSection request={readOnlyView ? { ...r, canEdit: false } : r} fieldErrors={extras} />
        {editable ? (
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
              You can save a draft at any time. Submitting saves what you typed, then sends the request to the office.
            </Typography>
            {r.allowedActions.includes('cancel') ? <CancelRequestButton request={r} onCancelled={() => leave(home)} /> : null}
            <Button onClick={() => void onSave()} disabled={actions.busy}>
              Save draft
            </Button>
            <Button variant="contained" onClick={() => void onSubmit()} disabled={actions.busy || !r.allowedActions.includes('submit')}>
              {r.status === 'clarification_requested' ? 'Submit again' : 'Submit request'}
            </Button>
          </Paper>
        ) : null}
        {r.status !== 'draft' ? (
          <Section title="Messages with the office" id="section-comments">
            <CommentsPanel subjectType="request" subjectId={r.id} canComment isStaff={false} />
          </Section>
        ) : null}
      </Stack>
    </Box>
  );
}
