import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  MobileStepper,
  Paper,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import type { studentsApi, TAnswers } from '@meridian/domain';
import { DoneMark, liveErrors, StageDocuments } from './stage-documents';
import { LinkedText } from './linked-text';
import { StageQuestions } from './stage-questions';
import { usePendingSaves } from '../../../../ui/pending-saves';

/** The stage's questions are one form: its typed answers wait under this key until saved. */
const STAGE_ANSWERS = 'stage';

type TStage = studentsApi.TMyStage;
type TStep = studentsApi.TWizardStepView;

export interface WizardActions {
  saveAnswers: (answers: TAnswers) => Promise<void>;
  /** Resolves with field errors (keyed custom.<id> / document.<key>) when the server refuses. */
  completeStep: (stepId: string) => Promise<Record<string, string> | null>;
  finish: () => Promise<Record<string, string> | null>;
  busy: boolean;
}

/** Which step holds a field error key (custom.<questionId> or document.<documentId>[...]). */
function stepOfKey(steps: TStep[], key: string): number {
  const [kind, id] = key.split('.');
  return steps.findIndex((s) => (kind === 'custom' ? s.questionIds.includes(id!) : s.documentIds.includes(id!)));
}

/**
 * The welcome wizard: a stepper through the active steps (content, questions, documents, confirmation).
 * Students resume at their first unfinished step; a preview (no actions) shows it read-only.
 */
export function WizardView({
  stage,
  userId,
  actions,
  previewLabel,
}: {
  stage: TStage;
  userId: string | null;
  actions?: WizardActions;
  previewLabel?: string;
}) {
  const steps = stage.wizard?.steps ?? [];
  const done = stage.wizard?.completedStepIds ?? [];
  const open = steps.findIndex((s) => !done.includes(s.id));
  const firstOpen = open === -1 ? Math.max(0, steps.length - 1) : open;
  const [active, setActive] = useState(firstOpen);
  const [shownErrors, setErrors] = useState<Record<string, string>>({});
  const [shownMessage, setMessage] = useState('');
  const errors = liveErrors(shownErrors, stage.documents);
  const message = Object.keys(shownErrors).length === 0 || Object.keys(errors).length ? shownMessage : '';
  const unsaved = usePendingSaves<TAnswers>();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const readOnly = !actions;
  const step = steps[Math.min(active, steps.length - 1)];
  const questions = useMemo(
    () => (step ? stage.questions.questions.filter((q) => step.questionIds.includes(q.id)) : []),
    [stage.questions.questions, step],
  );
  const documents = useMemo(() => (step ? stage.documents.filter((d) => step.documentIds.includes(d.id)) : []), [stage.documents, step]);

  if (!step) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info">
          {actions
            ? 'There is nothing to fill in here: continue to your pre-arrival checklist.'
            : 'No active steps for this visa type: invited students go straight to pre-arrival.'}
        </Alert>
        {actions ? (
          <Button variant="contained" disabled={actions.busy} onClick={() => void actions.finish().catch(() => undefined)}>
            Continue
          </Button>
        ) : null}
      </Stack>
    );
  }
  const isLast = active === steps.length - 1;
  const reachable = (i: number) => readOnly || i <= firstOpen || done.includes(steps[i - 1]?.id ?? '') || i <= active;

  const go = (i: number) => {
    setErrors({});
    setMessage('');
    setActive(i);
    window.scrollTo({ top: 0 });
  };
  const saveTyped = async () => {
    if (actions) await unsaved.saveEach((_key, answers) => actions.saveAnswers(answers));
  };
  const showErrors = (found: Record<string, string>, text: string) => {
    setErrors(found);
    setMessage(text);
    const at = Object.keys(found)
      .map((k) => stepOfKey(steps, k))
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0];
    if (at !== undefined && at !== active) setActive(at);
  };
  const next = async () => {
    if (!actions) return go(active + 1);
    try {
      await saveTyped();
      const found = await actions.completeStep(step.id);
      if (found) return showErrors(found, 'Please complete this step: see the messages below.');
      go(active + 1);
    } catch {
      /* the mutation reported it */
    }
  };
  const finish = async () => {
    if (!actions) return;
    try {
      await saveTyped();
      const stepErrors = await actions.completeStep(step.id);
      if (stepErrors) return showErrors(stepErrors, 'Please complete this step: see the messages below.');
      const found = await actions.finish();
      if (found) showErrors(found, 'Some earlier steps still need something: see the messages on each item.');
    } catch {
      /* the mutation reported it */
    }
  };

  const checklist = [
    ...stage.questions.questions.map((q) => ({
      key: `custom.${q.id}`,
      label: q.questionText,
      isRequired: q.isRequired,
      isDone: !!stage.questions.answers[q.id],
    })),
    ...stage.documents.flatMap((d) =>
      d.slots.map((s) => ({
        key: s.key,
        label: d.appliesTo === 'main' ? d.name : `${d.name} (${s.label})`,
        isRequired: d.isRequired,
        isDone: s.isDone,
      })),
    ),
  ];

  return (
    <Stack spacing={3}>
      {previewLabel ? <Alert severity="info">{previewLabel}</Alert> : null}
      {narrow ? (
        <Typography color="text.secondary" aria-live="polite">
          Step {active + 1} of {steps.length}: {step.title}
        </Typography>
      ) : (
        <Stepper nonLinear activeStep={active} aria-label="Welcome wizard steps">
          {steps.map((s, i) => (
            <Step key={s.id} completed={done.includes(s.id)}>
              <StepButton onClick={() => go(i)} disabled={!reachable(i)}>
                {s.title}
              </StepButton>
            </Step>
          ))}
        </Stepper>
      )}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="wizard-step-title"
        sx={{ p: { xs: 2, sm: 3 }, borderTop: 4, borderTopColor: 'secondary.main' }}
      >
        <Stack spacing={2.5}>
          <Typography id="wizard-step-title" variant="h2" component="h2">
            {step.title}
          </Typography>
          {message ? (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          ) : null}
          {step.body ? <LinkedText text={step.body} /> : null}
          <StageQuestions
            key={step.id}
            title="Your answers"
            questions={questions}
            answers={stage.questions.answers}
            readOnly={readOnly}
            fieldErrors={errors}
            saving={actions?.busy}
            onAnswersChange={(a) => unsaved.typed(STAGE_ANSWERS, a)}
            onSaveDraft={async (a) => {
              if (actions) {
                await actions.saveAnswers(a);
                unsaved.saved(STAGE_ANSWERS, a);
              }
            }}
          />
          <StageDocuments documents={documents} userId={userId} readOnly={readOnly} fieldErrors={errors} />
          {step.kind === 'confirm' ? (
            <Box>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                Your checklist
              </Typography>
              {checklist.length === 0 ? (
                <Typography color="text.secondary">Nothing to check.</Typography>
              ) : (
                <List dense aria-label="Your checklist">
                  {checklist.map((c) => (
                    <ListItem key={c.key} disableGutters secondaryAction={<DoneMark isDone={c.isDone} isRequired={c.isRequired} />}>
                      <ListItemText
                        primary={c.label}
                        secondary={errors[c.key]}
                        slotProps={{ secondary: { color: 'error' } }}
                        sx={{ pr: 12 }}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          ) : null}
        </Stack>
      </Paper>
      {narrow ? (
        <MobileStepper
          variant="dots"
          steps={steps.length}
          position="static"
          activeStep={active}
          backButton={null}
          nextButton={null}
          sx={{ justifyContent: 'center' }}
        />
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Button startIcon={<ArrowBack />} disabled={active === 0} onClick={() => go(active - 1)}>
          Back
        </Button>
        {isLast ? (
          <Button variant="contained" disabled={readOnly || actions?.busy} onClick={() => void finish()}>
            Finish
          </Button>
        ) : (
          <Button variant="contained" endIcon={<ArrowForward />} disabled={actions?.busy} onClick={() => void next()}>
            Next
          </Button>
        )}
      </Box>
    </Stack>
  );
}
