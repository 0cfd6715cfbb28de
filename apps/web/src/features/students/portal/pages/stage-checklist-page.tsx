import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, LinearProgress, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { checkCompleteness, formsApi, MSG, type TAnswers } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { usePendingSaves } from '../../../../ui/pending-saves';
import { useGetCurrentUser } from '../../../auth';
import { useCompleteMyStage, useGetMyStage, useSaveMyStageAnswers } from '../api/my-stage';
import { refusalOf } from '../api/field-errors';
import { DoneMark, liveErrors, StageDocuments } from '../components/stage-documents';
import { StageQuestions } from '../components/stage-questions';

/** The stage's questions are one form: its typed answers wait under this key until saved. */
const STAGE_ANSWERS = 'stage';

const PAGES = {
  pre_arrival: {
    title: 'Pre-Arrival',
    intro:
      'Before you travel, the office needs the answers and documents below. Save at any time; when everything is done, submit to move on to check-in.',
    next: 'Pre-arrival complete. Next: check in when you arrive.',
  },
  check_in: {
    title: 'Check-In',
    intro: 'Welcome to campus! Confirm your arrival details and upload the documents below, then submit to finish your check-in.',
    next: 'Check-in complete. Welcome! You can now request services from the office.',
  },
  // Continuing students: what the office asks of them now (stage configuration's continuing list); nothing to move on to.
  continuing: {
    title: 'Checklist from the office',
    intro:
      'The office asks continuing students for the answers and documents below. Save your answers at any time; a file is kept as soon as it is uploaded.',
    next: '',
  },
} as const;

/** #/student/student-pre-arrival, #/student/student-check-in and #/student/my-checklist (continuing): the stage's checklist of questions and documents. */
export function StageChecklistPage({ stage: expected }: { stage: keyof typeof PAGES }) {
  const page = PAGES[expected];
  useDocumentTitle(page.title);
  const me = useGetCurrentUser();
  const stage = useGetMyStage();
  const save = useSaveMyStageAnswers();
  const complete = useCompleteMyStage();
  const navigate = useNavigate();
  const [shownErrors, setErrors] = useState<Record<string, string>>({});
  const [shownMessage, setMessage] = useState('');
  const unsaved = usePendingSaves<TAnswers>();
  // What the student typed, so the checklist follows the form before it is saved.
  const [typed, setTyped] = useState<TAnswers>({});
  if (stage.isPending || me.isPending) return <PageLoader />;
  if (stage.isError || !stage.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const s = stage.data;
  if (s.stage !== expected) return <Navigate to={s.homePath} replace />;
  const errors = liveErrors(shownErrors, s.documents);
  const message = Object.keys(shownErrors).length === 0 || Object.keys(errors).length ? shownMessage : '';

  const saveAnswers = async (answers: TAnswers) => {
    try {
      await save.mutateAsync(answers);
      unsaved.saved(STAGE_ANSWERS, answers);
      snack('Your answers were saved.', 'success');
    } catch (e) {
      const r = refusalOf(e);
      setErrors(r.fields);
      setMessage(r.message);
      throw e;
    }
  };
  const submit = async () => {
    setMessage('');
    try {
      await unsaved.saveEach((_key, answers) => saveAnswers(answers));
      const out = await complete.mutateAsync();
      snack(page.next, 'success');
      void navigate(out.homePath);
    } catch (e) {
      try {
        const r = refusalOf(e);
        setErrors(r.fields);
        setMessage(r.message);
        window.scrollTo({ top: 0 });
      } catch {
        /* reported globally */
      }
    }
  };

  const current = { ...s.questions.answers, ...typed };
  const open = checkCompleteness(formsApi.customQuestionsContent(s.questions.questions), current);
  const answered = (id: string) => {
    const v = current[id]?.value;
    return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  };
  const checklist = [
    ...s.questions.questions.map((q) => ({
      key: `custom.${q.id}`,
      label: q.questionText,
      isRequired: q.isRequired,
      isDone: !open[q.id] && answered(q.id),
    })),
    ...s.documents.flatMap((d) =>
      d.slots.map((x) => ({
        key: x.key,
        label: d.appliesTo === 'main' ? d.name : `${d.name} (${x.label})`,
        isRequired: d.isRequired,
        isDone: x.isDone,
      })),
    ),
  ];
  // Counted from what is on screen (typed answers included), so the summary agrees with the marks.
  const required = checklist.filter((c) => c.isRequired);
  const done = required.filter((c) => c.isDone).length;
  const isComplete = done === required.length && Object.keys(open).length === 0;
  const pct = required.length ? Math.round((100 * done) / required.length) : 100;

  return (
    <Box sx={{ maxWidth: 960 }}>
      {expected === 'continuing' ? (
        <Button component={RouterLink} to={s.homePath} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
          Back to the Student Portal
        </Button>
      ) : null}
      <PageHeader title={page.title} subtitle={page.intro} />
      <Stack spacing={3}>
        {message ? (
          <Alert severity="error" role="alert">
            {message}
          </Alert>
        ) : null}
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="checklist-title"
          sx={{ p: { xs: 2, sm: 3 }, borderTop: 4, borderTopColor: 'secondary.main' }}
        >
          <Typography id="checklist-title" variant="h2" component="h2" sx={{ mb: 1 }}>
            Your checklist
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {isComplete
              ? expected === 'continuing'
                ? 'Everything required is done. Thank you.'
                : 'Everything required is done. Submit to continue.'
              : `${done} of ${required.length} required items done.`}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={pct}
            aria-label={`${pct}% of the checklist done`}
            sx={{ mb: 1, height: 8, borderRadius: 4 }}
          />
          {checklist.length === 0 ? (
            <Typography>
              {expected === 'continuing'
                ? 'The office asks nothing of you right now.'
                : 'The office asks nothing of you in this stage. Submit to continue.'}
            </Typography>
          ) : (
            <List dense aria-label="Checklist items">
              {checklist.map((c) => (
                <ListItem key={c.key} disableGutters secondaryAction={<DoneMark isDone={c.isDone} isRequired={c.isRequired} />}>
                  <ListItemText primary={c.label} secondary={errors[c.key]} slotProps={{ secondary: { color: 'error' } }} sx={{ pr: 12 }} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
        <StageQuestions
          title="Questions"
          questions={s.questions.questions}
          answers={s.questions.answers}
          fieldErrors={errors}
          saving={save.isPending}
          onAnswersChange={(a) => {
            unsaved.typed(STAGE_ANSWERS, a);
            setTyped(a);
          }}
          onSaveDraft={saveAnswers}
        />
        {s.documents.length ? (
          <Typography variant="h2" component="h2">
            Documents
          </Typography>
        ) : null}
        <StageDocuments documents={s.documents} userId={me.data?.userId ?? null} fieldErrors={errors} />
        {expected === 'continuing' ? null : (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" size="large" disabled={complete.isPending || save.isPending} onClick={() => void submit()}>
              {complete.isPending ? 'Submitting…' : 'Submit and continue'}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
