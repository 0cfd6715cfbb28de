import { useMemo, useState } from 'react';
import { Alert, AlertTitle, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { requestsApi, scholarFormDef, type TAnswers, type TScholarApplicationForm, type TScholarFormSection } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { snack } from '../../../../ui/notify';
import { usePendingSaves } from '../../../../ui/pending-saves';
import { WideTabs } from '../../../../ui/wide-tabs';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { RequestDocuments } from '../../../attachments';
import { RequestQuestionnaire } from '../../../requests';
import { useSaveApplicationDraft, useSubmitApplication } from '../api/application';
import { ApplicationFields } from './application-fields';
import { fieldId } from './application-field';
import { useApplicationForm } from './use-application-form';
import { useConfirm } from '../../../../ui/confirm-dialog';

const DOCS = 'documents';
const QUESTIONS = 'questionnaires';

/** Which section a field path belongs to (its first segment is a field of that section). */
function sectionOf(sections: TScholarFormSection[], path: string): string | null {
  const top = path.split('.')[0];
  return sections.find((s) => s.fields.some((f) => f.name === top))?.key ?? null;
}

/** The J-1 site of activity: the department's presets fill in the fields at once. */
function SitePresets({ app, setField }: { app: TScholarApplicationForm; setField: (path: string, v: unknown) => void }) {
  if (app.sitesOfActivity.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label="Your department's sites of activity"
      value=""
      sx={{ mb: 2, minWidth: 320 }}
      helperText="Choose one to fill in the fields below, or type another site."
      onChange={(e) => {
        const s = app.sitesOfActivity[Number(e.target.value)];
        if (!s) return;
        setField('siteOfActivityName', s.name);
        setField('siteOfActivityAddress1', s.address1);
        setField('siteOfActivityAddress2', s.address2);
        setField('siteOfActivityCity', s.city);
        setField('siteOfActivityState', s.state);
        setField('siteOfActivityPostalCode', s.postalCode);
      }}
    >
      {app.sitesOfActivity.map((s, i) => (
        <MenuItem key={i} value={String(i)}>
          {[s.name, s.city].filter(Boolean).join(', ')}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The application form of an open case: its sections as tabs, the template's questionnaires and
 * documents, "Save draft" and "Submit to ISSS" with every message on its field (browser and server alike).
 */
export function ApplicationEditor({ app }: { app: TScholarApplicationForm }) {
  const def = useMemo(() => scholarFormDef(app.processedState)!, [app.processedState]);
  // An untouched form starts with what the office already knows (name, e-mail).
  const form = useApplicationForm(def, Object.keys(app.data).length ? app.data : (app.prefill ?? {}));
  const [version, setVersion] = useState(app.version);
  // A refused submit saved the form on the server: its new version comes back with the refetch.
  const [seenVersion, setSeenVersion] = useState(app.version);
  if (seenVersion !== app.version) {
    setSeenVersion(app.version);
    setVersion(app.version);
  }
  const save = useSaveApplicationDraft(app.applicationId);
  const submit = useSubmitApplication(app.applicationId);
  const confirm = useConfirm();
  const [tab, setTab] = useState(def.sections[0]!.key);
  const [problem, setProblem] = useState<{ title: string; lines: string[] } | null>(null);
  const [otherErrors, setOtherErrors] = useState<Record<string, string>>({});
  const unsavedAnswers = usePendingSaves<TAnswers>();
  const busy = save.isPending || submit.isPending;

  const tabs = [
    ...def.sections.map((s) => ({ key: s.key, title: s.title })),
    ...(app.questionnaireIds.length ? [{ key: QUESTIONS, title: 'Questionnaires' }] : []),
    ...(app.applicationRequestId ? [{ key: DOCS, title: 'Documents' }] : []),
  ];
  const errorCount = (key: string) => {
    if (key === DOCS) return Object.keys(otherErrors).filter((k) => k.startsWith('documents.')).length;
    if (key === QUESTIONS) return Object.keys(otherErrors).filter((k) => !k.startsWith('documents.')).length;
    return Object.keys(form.errors).filter((p) => sectionOf(def.sections, p) === key).length;
  };
  const goToFirstError = (paths: string[]) => {
    const p = paths[0];
    if (!p) return;
    const key = p.startsWith('documents.') ? DOCS : (sectionOf(def.sections, p) ?? QUESTIONS);
    setTab(key);
    setTimeout(() => document.getElementById(fieldId(p))?.focus(), 50);
  };
  const onConflict = (e: unknown) => {
    if (isApiError(e) && e.status === 409) {
      setProblem({ title: 'Not saved', lines: [e.message] });
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return true;
    }
    return false;
  };

  /** Questionnaire answers typed but not saved yet go with every save and submit, so nothing typed is lost. */
  const saveAnswers = async (): Promise<boolean> => {
    try {
      await unsavedAnswers.saveEach((questionnaireId, answers) =>
        apiCall(requestsApi.saveRequestAnswers, { params: { requestId: app.applicationRequestId!, questionnaireId }, body: { answers } }),
      );
      return true;
    } catch (e) {
      setProblem({
        title: 'Not saved',
        lines: ['Your questionnaire answers could not be saved.', isApiError(e) ? e.message : 'Please try again.'],
      });
      return false;
    }
  };

  const doSave = async () => {
    setProblem(null);
    if (!(await saveAnswers())) return;
    const data = form.payload();
    save.mutate(
      { version, data },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          form.markSaved(data);
          snack('Your draft was saved.', 'success');
        },
        onError: (e) => {
          if (onConflict(e)) return;
          if (isApiError(e) && e.status === 400) {
            form.applyServerErrors(e.fieldErrors);
            setProblem({ title: 'Not saved', lines: [e.message] });
          } else handleApiError(e);
        },
      },
    );
  };

  const doSubmit = async () => {
    setProblem(null);
    const local = form.validateAll();
    if (Object.keys(local).length) {
      const n = Object.keys(local).length;
      setProblem({
        title: 'Not submitted yet',
        lines: [`${n} ${n === 1 ? 'field needs' : 'fields need'} your attention: see the messages on the marked tabs.`],
      });
      goToFirstError(def.sections.flatMap((s) => Object.keys(local).filter((p) => sectionOf([s], p))));
      return;
    }
    // Submitting locks the application: asked once the form is complete (docs/product/requests.md#decisions-are-confirmed).
    const confirmed = await confirm.ask({
      title: app.applicationState === 'returned' ? 'Submit your application again' : 'Submit your application',
      message: `Submit your ${def.title} to the international office?`,
      effects: [
        'Your answers and documents are saved and sent to the office, which reviews them.',
        'The application locks: you can change it again only if the office unlocks it for you.',
      ],
      confirmLabel: 'Submit to ISSS',
    });
    if (!confirmed) return;
    if (!(await saveAnswers())) return;
    const data = form.payload();
    submit.mutate(
      { version, data },
      {
        onSuccess: (done) => {
          form.reset(done.data);
          snack('Your application was submitted to ISSS. The office will review it.', 'success', 6000);
          window.scrollTo({ top: 0 });
        },
        onError: (e) => {
          if (onConflict(e)) return;
          if (isApiError(e) && e.status === 400) {
            form.markSaved(data);
            const others = form.applyServerErrors(e.fieldErrors);
            setOtherErrors(others);
            const docs = Object.entries(others)
              .filter(([k]) => k.startsWith('documents.'))
              .map(([, v]) => v);
            setProblem({ title: 'Not submitted yet', lines: [e.message, ...docs] });
            goToFirstError(Object.keys(e.fieldErrors ?? {}).map((k) => (k.startsWith('data.') ? k.slice(5) : k)));
            window.scrollTo({ top: 0, behavior: 'smooth' });
          } else handleApiError(e);
        },
      },
    );
  };

  const section = def.sections.find((s) => s.key === tab);
  const index = tabs.findIndex((t) => t.key === tab);
  return (
    <Stack spacing={2}>
      {confirm.dialog}
      <UnsavedChangesGuard when={form.isDirty && !busy} />
      {problem ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </Alert>
      ) : null}
      {app.applicationState === 'returned' ? (
        <Alert severity="warning">The office unlocked your application so that you can change it. Submit it again when you are done.</Alert>
      ) : null}
      <Paper variant="outlined">
        <WideTabs
          label="Application sections"
          value={tab}
          onChange={setTab}
          tabs={tabs.map((t) => ({ key: t.key, label: t.title, errors: errorCount(t.key) }))}
        />
      </Paper>
      <Paper variant="outlined" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ p: { xs: 2, md: 3 } }}>
        {section ? (
          <>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: section.help ? 0.5 : 2 }}>
              {section.title}
            </Typography>
            {section.help ? (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {section.help}
              </Typography>
            ) : null}
            {section.key === 'siteOfActivity' ? <SitePresets app={app} setField={form.setField} /> : null}
            <ApplicationFields
              fields={section.fields}
              record={form.data}
              prefix=""
              errors={form.errors}
              readOnly={busy}
              setField={form.setField}
              blurField={form.blurField}
              sectionTitle={section.title}
            />
          </>
        ) : tab === QUESTIONS ? (
          <Stack spacing={2}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
              Questionnaires
            </Typography>
            {app.questionnaireIds.map((q) => (
              <RequestQuestionnaire
                key={q}
                requestId={app.applicationRequestId!}
                questionnaireId={q}
                readOnly={false}
                fieldErrors={otherErrors}
                pending={unsavedAnswers}
              />
            ))}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
              Documents
            </Typography>
            <Typography color="text.secondary">Upload each requested document. Files are kept as soon as they are uploaded.</Typography>
            {Object.entries(otherErrors)
              .filter(([k]) => k.startsWith('documents.'))
              .map(([k, v]) => (
                <Alert key={k} severity="error">
                  {v}
                </Alert>
              ))}
            <RequestDocuments requestId={app.applicationRequestId!} canUpload canManage={false} />
          </Stack>
        )}
        <Stack direction="row" sx={{ mt: 3, gap: 1 }}>
          {index > 0 ? <Button onClick={() => setTab(tabs[index - 1]!.key)}>Back</Button> : null}
          <Box sx={{ flex: 1 }} />
          {index < tabs.length - 1 ? (
            <Button
              variant="outlined"
              onClick={() => {
                setTab(tabs[index + 1]!.key);
                window.scrollTo({ top: 0 });
              }}
            >
              Next: {tabs[index + 1]!.title}
            </Button>
          ) : null}
        </Stack>
      </Paper>
      <Paper
        variant="outlined"
        sx={{
          p: 2,
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          alignItems: 'center',
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          boxShadow: 3,
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px', display: { xs: 'none', sm: 'block' } }}>
          {form.isDirty ? 'You have unsaved changes. ' : 'All changes saved. '}
          Save a draft at any time; submitting sends the application to ISSS and locks it.
        </Typography>
        {form.isDirty ? (
          <Typography variant="body2" sx={{ display: { xs: 'block', sm: 'none' }, width: '100%' }}>
            You have unsaved changes.
          </Typography>
        ) : null}
        <Button variant="outlined" onClick={() => void doSave()} disabled={busy}>
          Save draft
        </Button>
        <Button variant="contained" onClick={() => void doSubmit()} disabled={busy}>
          Submit to ISSS
        </Button>
      </Paper>
    </Stack>
  );
}
