import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { isStudentRequestCode, STUDENT_REQUEST_FORMS, type TRequestDetail, type TStudentRequestCode } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { useGetRequest } from '../../../requests';
import { useListStartableTypes } from '../../../requests';
import { RequestSummary } from '../../../requests';
import { useUnsavedRequestAnswers } from '../../../requests';
import { submitQuestion } from '../../../requests';
import { useConfirm } from '../../../../ui/confirm-dialog';
import { StudentRequestForm } from '../components/student-request-form';
import { focusField, useRequestDataForm } from '../components/use-request-data-form';
import { AdvisorChooser, RequestDocumentsSection, RequestQuestions } from '../../../requests';
import { ADVISOR_REQUIRED, ADVISOR_TYPES } from '../components/advisor-types';
import { useRequestSubmit, type TSubmitProblem } from '../components/use-request-submit';
import { useGetStudentRequestData } from '../api/save-request-data';
import { useGetMyRequestFormContext } from '../api/get-my-request-form-context';
import { ProblemAlert, requestData, useServiceMenuPath } from './student-request-page';
import { ScrollRegion } from '../../../../ui/scroll-region';

const STEPS = ['Details', 'Questions', 'Documents', 'Review & submit'] as const;
const editWizardPath = (id: string, step: number) => `/student/request-edit-wizard/${encodeURIComponent(id)}?step=${step}`;

/** Said above a step that cannot be left yet: how many of its fields need an answer (each says why on itself). */
const stepSummary = (n: number) =>
  n === 1
    ? 'One field on this step needs attention before you go on: it is marked below.'
    : `${n} fields on this step need attention before you go on: they are marked below.`;

/** Which step shows a refused submit's first problem. */
function stepOf(problem: TSubmitProblem, hasDetails: boolean): number {
  const keys = Object.keys(problem.fieldErrors ?? {});
  if (hasDetails && keys.some((k) => k.startsWith('data.'))) return 0;
  if (keys.some((k) => k.startsWith('answers.') || k.startsWith('custom.') || k === 'advisorUserId')) return 1;
  if (keys.some((k) => k.startsWith('documents.'))) return 2;
  return 3;
}

function WizardStepper({ active, hasDetails, onStep }: { active: number; hasDetails: boolean; onStep?: (i: number) => void }) {
  return (
    <Paper component={ScrollRegion} variant="outlined" sx={{ p: 2, mb: 2, overflowX: 'auto' }}>
      <Stepper nonLinear={!!onStep} activeStep={active} alternativeLabel>
        {STEPS.map((label, i) => (
          <Step key={label} completed={false} disabled={!hasDetails && i === 0}>
            {onStep ? (
              <StepButton onClick={() => onStep(i)} disabled={!hasDetails && i === 0}>
                {label}
              </StepButton>
            ) : (
              <StepButton disabled>{label}</StepButton>
            )}
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}

/** #/student/request-create-wizard/:requestTypeId: the first step (the fields); saving it creates the draft. */
export function RequestCreateWizardPage() {
  const { requestTypeId = '' } = useParams();
  const types = useListStartableTypes();
  const type = types.data?.find((t) => t.id === requestTypeId);
  const home = useServiceMenuPath();
  useDocumentTitle(type?.name ?? 'New request');
  if (types.isPending) return <PageLoader />;
  if (!type)
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
  const code = isStudentRequestCode(type.code) ? type.code : null;
  return <CreateWizard code={code} requestTypeId={type.id} name={type.name} description={type.description} home={home} />;
}

function CreateWizard({
  code,
  requestTypeId,
  name,
  description,
  home,
}: {
  code: TStudentRequestCode | null;
  requestTypeId: string;
  name: string;
  description: string;
  home: string;
}) {
  // The record's dates and dependents, so the form checks (and offers) what the draft's own data will once saved.
  const mine = useGetMyRequestFormContext(!!code);
  const form = useRequestDataForm(code, {}, mine.data);
  const actions = useRequestSubmit(form, { requestTypeId, request: null });
  const navigate = useNavigate();
  const [next, setNext] = useState<string | null>(null);
  useEffect(() => {
    if (next) void navigate(next, { replace: true });
  }, [next, navigate]);
  const onContinue = async () => {
    const id = await actions.saveDraft();
    if (!id) return;
    snack('Draft saved.', 'success');
    // The step's required fields are checked before the next step: the draft keeps what was typed, and
    // the student stays on the fields, told what is missing there (not three steps later, on submit).
    const missing = code ? form.validate('submit') : [];
    setNext(missing.length ? `${editWizardPath(id, 0)}&check=1` : editWizardPath(id, 1));
  };
  return (
    <Box>
      <UnsavedChangesGuard when={form.isDirty && !next} />
      <Button component={RouterLink} to={home} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to Student Portal
      </Button>
      <PageHeader title={name} subtitle={description || undefined} />
      <WizardStepper active={code ? 0 : 1} hasDetails={!!code} />
      <Stack spacing={2}>
        <ProblemAlert problem={actions.problem} />
        {code ? (
          <StudentRequestForm
            code={code}
            data={form.data}
            errors={form.errors}
            readOnly={false}
            context={mine.data}
            onChange={form.setField}
            onBlur={form.blurField}
          />
        ) : (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography>Start this request to answer its questions and upload its documents. You can save and come back later.</Typography>
          </Paper>
        )}
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={home}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void onContinue()} disabled={actions.busy}>
            {code ? 'Save and continue' : 'Start request'}
          </Button>
        </Paper>
      </Stack>
    </Box>
  );
}

/** #/student/request-edit-wizard/:requestId?step=n: fields, then questions, then documents, then review and submit. */
export function RequestEditWizardPage() {
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
  return <EditWizard key={r.id} request={r} home={home} />;
}

function EditWizard({ request: r, home }: { request: TRequestDetail; home: string }) {
  const code = isStudentRequestCode(r.typeCode) ? r.typeCode : null;
  const [search, setSearch] = useSearchParams();
  const editable = r.canEdit;
  const first = code ? 0 : 1;
  const step = Math.min(3, Math.max(first, Number(search.get('step') ?? (editable ? first : 3)) || first));
  const saved = useGetStudentRequestData(code ? r.id : null);
  const form = useRequestDataForm(code, requestData(r), saved.data?.context);
  const unsaved = useUnsavedRequestAnswers(r.id);
  const confirm = useConfirm();
  const actions = useRequestSubmit(form, {
    requestTypeId: r.requestTypeId,
    request: r,
    unsaved,
    beforeSubmit: () => (ADVISOR_TYPES.has(r.typeCode) && !r.advisor ? { advisorUserId: ADVISOR_REQUIRED } : {}),
    confirmSubmit: () => confirm.ask(submitQuestion(r, r.typeName)),
  });
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (leaving) void navigate(home, { replace: true });
  }, [leaving, navigate, home]);
  const go = (i: number) => {
    setSearch({ step: String(i) });
    window.scrollTo({ top: 0 });
  };
  /** What the step still needs before the next one: the fields its submit requires, or the faculty advisor. */
  function stepRequirements(at: number): { problem: TSubmitProblem; field: string } | null {
    if (at === 0 && code) {
      const missing = form.validate('submit');
      if (missing.length) return { problem: { summary: [stepSummary(missing.length)], extras: {} }, field: missing[0]![0] };
    }
    if (at === 1 && ADVISOR_TYPES.has(r.typeCode) && !r.advisor) {
      return { problem: { summary: [ADVISOR_REQUIRED], extras: { advisorUserId: ADVISOR_REQUIRED } }, field: 'advisorUserId' };
    }
    return null;
  }
  // Arrived from the first step's "Save and continue" with required fields still empty: say so on them.
  const checkOnArrival = useRef(search.get('check') === '1');
  useEffect(() => {
    if (!checkOnArrival.current || !code || saved.isPending) return;
    checkOnArrival.current = false;
    const held = stepRequirements(0);
    if (held) {
      actions.setProblem(held.problem);
      focusField(held.field);
    }
  });
  // A field to focus once its step is drawn (after a refused submit on the review step).
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const name = pendingFocus.current;
    pendingFocus.current = null;
    focusField(name);
  }, [step]);

  /** Leaving a step keeps what was typed on it: the fields and answers are saved as a draft first. */
  const moveTo = async (i: number) => {
    if (!editable) {
      go(i);
      return;
    }
    if (step === 0 && form.isDirty) {
      if (!(await actions.saveDraft())) return;
    }
    if (step === 1 && unsaved.hasAny()) {
      try {
        await unsaved.saveAll();
      } catch (e) {
        handleApiError(e);
        return;
      }
    }
    // Going on, the step's own requirements are checked before it is left (what was typed is saved
    // above either way), so submitting never sends the student back for something this step asked.
    // Jumping ahead, every step passed over is checked too: the first one that still needs something is shown.
    for (let at = step; at < i; at++) {
      const held = stepRequirements(at);
      if (!held) continue;
      actions.setProblem(held.problem);
      if (at === step) focusField(held.field);
      else {
        pendingFocus.current = held.field;
        go(at);
      }
      return;
    }
    actions.setProblem(null);
    go(i);
  };
  const onSubmit = async () => {
    const res = await actions.submit();
    if (res.ok) {
      snack('Your request was submitted. The office will review it and you will be told by e-mail.', 'success', 6000);
      setLeaving(true);
    } else if (res.cancelled) {
      return;
    } else if (res.problem) {
      go(stepOf(res.problem, !!code));
    } else {
      // Refused in the browser: the fields (step 1) or the faculty advisor (step 2); the first one takes the focus there.
      const fieldErrors = form.validate('submit');
      const target = fieldErrors.length && code ? 0 : 1;
      pendingFocus.current = target === 0 ? fieldErrors[0]![0] : 'advisorUserId';
      go(target);
    }
  };
  const extras = actions.problem?.extras ?? {};
  const title = code ? STUDENT_REQUEST_FORMS[code].title : r.typeName;
  return (
    <Box>
      <UnsavedChangesGuard when={editable && form.isDirty && !leaving} />
      <Button component={RouterLink} to={home} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to Student Portal
      </Button>
      <PageHeader title={title} subtitle={`Request #${r.number}`} />
      <WizardStepper active={step} hasDetails={!!code} onStep={(i) => void moveTo(i)} />
      {confirm.dialog}
      <Stack spacing={2}>
        <ProblemAlert problem={actions.problem} />
        {r.status === 'clarification_requested' ? (
          <Alert severity="warning">
            <AlertTitle>The office asks for clarification</AlertTitle>
            {r.statusMessage}
          </Alert>
        ) : null}
        {!editable ? (
          <Alert severity="info">
            This request has been sent to the office; you can read it but not change it.
            {r.statusMessage ? ` Message from the office: ${r.statusMessage}` : ''}
          </Alert>
        ) : null}
        {step === 0 && code ? (
          <StudentRequestForm
            code={code}
            data={form.data}
            errors={form.errors}
            readOnly={!editable}
            context={saved.data?.context}
            onChange={form.setField}
            onBlur={form.blurField}
          />
        ) : null}
        {step === 1 ? (
          <>
            {ADVISOR_TYPES.has(r.typeCode) || r.advisor ? (
              <AdvisorChooser request={r} required={ADVISOR_TYPES.has(r.typeCode)} error={extras.advisorUserId} />
            ) : null}
            <RequestQuestions request={r} fieldErrors={extras} unsaved={unsaved} />
            {!r.questionnaireIds.length ? (
              <Typography color="text.secondary">
                Any questions this request asks are shown here. If there are none, continue to the documents.
              </Typography>
            ) : null}
          </>
        ) : null}
        {step === 2 ? <RequestDocumentsSection request={r} fieldErrors={extras} /> : null}
        {step === 3 ? (
          <>
            <RequestSummary request={r} requesterView />
            {code ? (
              <StudentRequestForm
                code={code}
                data={form.data}
                errors={form.errors}
                readOnly
                context={saved.data?.context}
                onChange={form.setField}
                onBlur={form.blurField}
              />
            ) : null}
            <RequestQuestions request={{ ...r, canEdit: false }} fieldErrors={extras} unsaved={unsaved} />
            <RequestDocumentsSection request={{ ...r, canEdit: false }} fieldErrors={extras} />
          </>
        ) : null}
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Box sx={{ flex: '1 1 auto' }}>
            {step > first ? (
              <Button onClick={() => void moveTo(step - 1)} disabled={actions.busy}>
                Back
              </Button>
            ) : null}
          </Box>
          {editable && step === 0 ? (
            <Button
              onClick={() =>
                void actions.saveDraft().then((id) => {
                  if (id) snack('Draft saved.', 'success');
                })
              }
              disabled={actions.busy}
            >
              Save draft
            </Button>
          ) : null}
          {step < 3 ? (
            <Button variant="contained" onClick={() => void moveTo(step + 1)} disabled={actions.busy}>
              Next
            </Button>
          ) : null}
          {step === 3 && editable ? (
            <Button variant="contained" onClick={() => void onSubmit()} disabled={actions.busy || !r.allowedActions.includes('submit')}>
              {r.status === 'clarification_requested' ? 'Submit again' : 'Submit request'}
            </Button>
          ) : null}
        </Paper>
      </Stack>
    </Box>
  );
}
