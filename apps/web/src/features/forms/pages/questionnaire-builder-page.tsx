import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { can, formsApi, type TQuestionnaireFolder, type TQuestionnaireItem } from '@meridian/domain';
import { useGetCurrentUser } from '../../auth';
import { useDocumentTitle } from '../../../app/use-document-title';
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { actorOf } from '../../../shells/common/menu';
import { UnsavedChangesGuard } from '../../../shells/guards/unsaved-changes-guard';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { useGetQuestionnaire } from '../api/get-questionnaire';
import { useListLookupSets } from '../api/list-lookup-sets';
import { useListQuestionnaires } from '../api/list-questionnaires';
import { useSaveQuestionnaire } from '../api/save-questionnaire';
import { useSetQuestionnaireRetired } from '../api/retire-questionnaire';
import { AddItemMenu } from '../components/add-item-menu';
import { ItemEditor } from '../components/item-editor';
import { itemErrors, move, newFolder, newItem, previewContent, validateDraft, type TDraft } from '../components/builder-draft';
import { QuestionnaireAnswerForm } from '../components/questionnaire-answer-form';
import { VersionsTable } from '../components/versions-table';

const EMPTY: TDraft = {
  name: '',
  description: '',
  programType: formsApi.DEFAULT_PROGRAM_TYPE,
  isConditional: false,
  content: { folders: [] },
};

/** #/admin/form-management/:questionnaireId and /new: folders, items of every type, save, retire, preview. */
export function QuestionnaireBuilderPage() {
  const { questionnaireId: param } = useParams();
  // A fresh builder per questionnaire: nothing of one carries over to the next.
  return <Builder key={param ?? 'new'} questionnaireId={param && param !== 'new' ? param : undefined} />;
}

function Builder({ questionnaireId }: { questionnaireId: string | undefined }) {
  const navigate = useNavigate();
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayManage = can(actor, 'forms.manage');
  const loaded = useGetQuestionnaire(questionnaireId);
  const sets = useListLookupSets();
  const save = useSaveQuestionnaire();
  const retire = useSetQuestionnaireRetired();
  const [draft, setDraft] = useState<TDraft>(EMPTY);
  const [baseline, setBaseline] = useState<string>(JSON.stringify(EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tab, setTab] = useState<'build' | 'preview' | 'versions'>('build');
  const [folderToDelete, setFolderToDelete] = useState<number | null>(null);
  const [confirmRetire, setConfirmRetire] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  useDocumentTitle(questionnaireId ? (loaded.data?.name ?? 'Questionnaire') : 'New questionnaire');

  // Each version the server hands back (first load, after a save) becomes the draft and its baseline.
  const [shown, setShown] = useState<typeof loaded.data>(undefined);
  if (loaded.data && loaded.data !== shown) {
    const q = loaded.data;
    const d: TDraft = {
      name: q.name,
      description: q.description,
      programType: q.programType as TDraft['programType'],
      isConditional: q.isConditional,
      content: q.content,
    };
    setShown(q);
    setDraft(d);
    setBaseline(JSON.stringify(d));
  }

  const dirty = JSON.stringify(draft) !== baseline;
  // After creating, move to the questionnaire's own address once the guard has let go.
  useEffect(() => {
    if (createdId && !dirty) void navigate(`/admin/form-management/${createdId}`, { replace: true });
  }, [createdId, dirty, navigate]);
  const readOnly = !mayManage;
  const folders = draft.content.folders;
  const preview = useMemo(() => previewContent(draft.content, sets.data ?? []), [draft.content, sets.data]);
  const candidates = useListQuestionnaires({ programType: draft.programType, bRetired: '0', order: 'asc', page: 1, pageSize: 100 });
  const conditionals = useMemo(
    () =>
      (candidates.data?.items ?? []).filter((c) => c.isConditional && c.id !== questionnaireId).map((c) => ({ id: c.id, name: c.name })),
    [candidates.data, questionnaireId],
  );

  if (questionnaireId && loaded.isPending) return <PageLoader />;
  if (questionnaireId && loaded.isError) {
    return (
      <Alert severity="error">
        This questionnaire could not be loaded. <RouterLink to="/admin/form-management">Back to Form Management</RouterLink>
      </Alert>
    );
  }
  const q = loaded.data;

  const setFolders = (fn: (f: TQuestionnaireFolder[]) => TQuestionnaireFolder[], keepErrors = false) => {
    setDraft((d) => ({ ...d, content: { folders: fn(d.content.folders) } }));
    if (!keepErrors) setErrors({});
  };
  const setFolder = (fi: number, patch: Partial<TQuestionnaireFolder>, keepErrors = true) =>
    setFolders((fs) => fs.map((f, i) => (i === fi ? { ...f, ...patch } : f)), keepErrors);
  const setItems = (fi: number, fn: (items: TQuestionnaireItem[]) => TQuestionnaireItem[], keepErrors = false) =>
    setFolders((fs) => fs.map((f, i) => (i === fi ? { ...f, items: fn(f.items) } : f)), keepErrors);

  const onSave = () => {
    setFormError(null);
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError('Some fields need attention before saving. Each is marked below.');
      return;
    }
    save.mutate(
      { questionnaireId, body: draft },
      {
        onSuccess: (saved) => {
          const d: TDraft = {
            name: saved.name,
            description: saved.description,
            programType: saved.programType as TDraft['programType'],
            isConditional: saved.isConditional,
            content: saved.content,
          };
          setDraft(d);
          setBaseline(JSON.stringify(d));
          if (q && saved.versionNo > q.versionNo) {
            snack(`Saved as version ${saved.versionNo}. Answers already given stay with version ${q.versionNo}.`, 'success', 6000);
          } else snack('Questionnaire saved.', 'success');
          if (!questionnaireId) setCreatedId(saved.id);
        },
        onError: (e) => {
          if (!isApiError(e) || e.status === 401 || e.status === 403 || e.status >= 500) {
            handleApiError(e);
            return;
          }
          setErrors(Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? e.message])));
          setFormError(e.message);
        },
      },
    );
  };

  return (
    <Box>
      <UnsavedChangesGuard when={dirty && !save.isPending} />
      <Button component={RouterLink} to="/admin/form-management" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Form Management
      </Button>
      <PageHeader
        title={questionnaireId ? (q?.name ?? 'Questionnaire') : 'New questionnaire'}
        subtitle={
          q
            ? `Version ${q.versionNo} · ${q.isRetired ? 'Retired' : 'Active'} · ${q.itemCount} question${q.itemCount === 1 ? '' : 's'}`
            : 'Give it a name, add sections and questions, then save.'
        }
        actions={
          mayManage && q ? (
            <Button
              variant="outlined"
              color={q.isRetired ? 'primary' : 'error'}
              disabled={retire.isPending}
              onClick={() =>
                q.isRetired
                  ? retire.mutate(
                      { questionnaireId: q.id, retired: false },
                      { onSuccess: () => snack('Questionnaire is active again.', 'success') },
                    )
                  : setConfirmRetire(true)
              }
            >
              {q.isRetired ? 'Make active again' : 'Retire'}
            </Button>
          ) : null
        }
      />
      {q?.hasAnswers && mayManage ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          People have already answered version {q.versionNo}. Saving changes to the questions will create version {q.versionNo + 1}; answers
          already given stay with version {q.versionNo}. Changing only the name or description does not create a version.
        </Alert>
      ) : null}
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can look at this questionnaire; only super users and officers change it.
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {formError}
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack spacing={2}>
          <TextField
            label="Name"
            required
            value={draft.name}
            disabled={readOnly}
            error={!!errors.name}
            helperText={errors.name}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label="Description"
            multiline
            value={draft.description}
            disabled={readOnly}
            error={!!errors.description}
            helperText={errors.description}
            onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              label="Program type"
              value={draft.programType}
              disabled={readOnly}
              sx={{ minWidth: 220 }}
              onChange={(e) => setDraft((d) => ({ ...d, programType: e.target.value as TDraft['programType'] }))}
            >
              {formsApi.PROGRAM_TYPES.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              label="Conditional questionnaire (shown only when an earlier answer asks for it)"
              disabled={readOnly}
              control={
                <Switch checked={draft.isConditional} onChange={(e) => setDraft((d) => ({ ...d, isConditional: e.target.checked }))} />
              }
            />
          </Box>
        </Stack>
      </Paper>

      <Tabs value={tab} onChange={(_, v: typeof tab) => setTab(v)} aria-label="Questionnaire views" sx={{ mb: 2 }}>
        <Tab value="build" label="Questions" />
        <Tab value="preview" label="Preview as the person answering" />
        {q ? <Tab value="versions" label="Versions" /> : null}
      </Tabs>

      {tab === 'versions' && q ? (
        <VersionsTable questionnaireId={q.id} />
      ) : tab === 'preview' ? (
        <QuestionnaireAnswerForm
          key={JSON.stringify(preview)}
          data={{
            questionnaireId: q?.id ?? '00000000-0000-4000-8000-000000000000',
            versionId: q?.versionId ?? '00000000-0000-4000-8000-000000000000',
            versionNo: q?.versionNo ?? 1,
            name: draft.name || 'Preview',
            content: preview,
            answers: {},
            isSubmitted: false,
          }}
          onSaveDraft={() => {
            snack('This is a preview: answers are not saved.', 'info');
            return Promise.resolve();
          }}
        />
      ) : (
        <Stack spacing={3}>
          {folders.length === 0 ? <Alert severity="info">No sections yet. Add a section, then add questions to it.</Alert> : null}
          {folders.map((f, fi) => (
            <Paper
              key={f.id}
              variant="outlined"
              component="section"
              aria-label={`Section ${fi + 1}: ${f.name}`}
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}>
                <TextField
                  label={`Section ${fi + 1} name`}
                  required
                  value={f.name}
                  disabled={readOnly}
                  sx={{ flex: 1 }}
                  error={!!errors[`content.folders.${fi}.name`]}
                  helperText={errors[`content.folders.${fi}.name`]}
                  onChange={(e) => setFolder(fi, { name: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                {!readOnly ? (
                  <Box sx={{ pt: 1 }}>
                    <Tooltip title="Move section up">
                      <span>
                        <IconButton
                          aria-label={`Move section ${f.name} up`}
                          disabled={fi === 0}
                          onClick={() => setFolders((fs) => move(fs, fi, -1))}
                        >
                          <ArrowUpward />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Move section down">
                      <span>
                        <IconButton
                          aria-label={`Move section ${f.name} down`}
                          disabled={fi === folders.length - 1}
                          onClick={() => setFolders((fs) => move(fs, fi, 1))}
                        >
                          <ArrowDownward />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Delete section">
                      <IconButton
                        aria-label={`Delete section ${f.name}`}
                        onClick={() => (f.items.length ? setFolderToDelete(fi) : setFolders((fs) => fs.filter((_, i) => i !== fi)))}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </Box>
                ) : null}
              </Box>
              <Stack spacing={2}>
                {f.items.map((it, ii) => (
                  <ItemEditor
                    key={it.id}
                    item={it}
                    number={`${fi + 1}.${ii + 1}`}
                    isFirst={ii === 0}
                    isLast={ii === f.items.length - 1}
                    errors={itemErrors(errors, fi, ii)}
                    lookupSets={sets.data ?? []}
                    conditionals={conditionals}
                    readOnly={readOnly}
                    onChange={(patch) => setItems(fi, (items) => items.map((x, j) => (j === ii ? { ...x, ...patch } : x)), true)}
                    onMove={(delta) => setItems(fi, (items) => move(items, ii, delta))}
                    onDelete={() => setItems(fi, (items) => items.filter((_, j) => j !== ii))}
                  />
                ))}
                {f.items.length === 0 ? <Typography color="text.secondary">No questions in this section yet.</Typography> : null}
                {!readOnly ? (
                  <Box>
                    <AddItemMenu folderName={f.name} onAdd={(type) => setItems(fi, (items) => [...items, newItem(type)], true)} />
                  </Box>
                ) : null}
              </Stack>
            </Paper>
          ))}
          {!readOnly ? (
            <Box>
              <Button
                variant="outlined"
                startIcon={<CreateNewFolderOutlined />}
                onClick={() => setFolders((fs) => [...fs, newFolder(fs.length + 1)], true)}
              >
                Add section
              </Button>
            </Box>
          ) : null}
        </Stack>
      )}

      {!readOnly ? (
        <Paper
          elevation={3}
          sx={{
            position: 'sticky',
            bottom: 8,
            mt: 3,
            p: 1.5,
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'flex-end',
            zIndex: 10,
          }}
        >
          <Typography variant="body2" color="text.secondary" role="status">
            {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
          </Typography>
          <Button
            variant="contained"
            startIcon={<SaveOutlined />}
            onClick={onSave}
            disabled={save.isPending || (!dirty && !!questionnaireId)}
          >
            {save.isPending ? 'Saving…' : 'Save questionnaire'}
          </Button>
        </Paper>
      ) : null}

      <ConfirmDialog
        open={folderToDelete !== null}
        title="Delete section"
        destructive
        confirmLabel="Delete section"
        message={
          folderToDelete !== null
            ? `Delete the section "${folders[folderToDelete]?.name}" and its ${folders[folderToDelete]?.items.length} question(s)? This takes effect when you save.`
            : ''
        }
        onCancel={() => setFolderToDelete(null)}
        onConfirm={() => {
          const fi = folderToDelete;
          setFolderToDelete(null);
          if (fi !== null) setFolders((fs) => fs.filter((_, i) => i !== fi));
        }}
      />
      <ConfirmDialog
        open={confirmRetire}
        title="Retire questionnaire"
        destructive
        confirmLabel="Retire"
        busy={retire.isPending}
        message="Retire this questionnaire? It moves to the Retired list and can no longer be started; answers already given stay readable. You can make it active again later."
        onCancel={() => setConfirmRetire(false)}
        onConfirm={() =>
          q &&
          retire.mutate(
            { questionnaireId: q.id, retired: true },
            { onSuccess: () => snack('Questionnaire retired.', 'success'), onSettled: () => setConfirmRetire(false) },
          )
        }
      />
    </Box>
  );
}
