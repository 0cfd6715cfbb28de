import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { studentsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { LinkedText } from '../components/linked-text';
import { useCustomItemOptions } from '../api/custom-items';
import { useSaveWizardStep, useGetWizardStep } from '../api/wizard-steps';

type TForm = {
  title: string;
  body: string;
  kind: studentsApi.TWizardStepKind;
  itemIds: string[];
  visaScope: studentsApi.TVisaScope;
  isActive: boolean;
};
const EMPTY: TForm = { title: '', body: '', kind: 'content', itemIds: [], visaScope: 'All', isActive: true };
const BASE = '/isss/welcome-wizard-configurations';
const KIND_HELP: Record<studentsApi.TWizardStepKind, string> = {
  content: 'Text only, e.g. a welcome message.',
  questions: 'The text, then the custom questions you choose (answers are saved on the student record).',
  documents: 'The text, then an upload for each document you choose (per dependent or site of activity when the document says so).',
  confirm: 'The text, then the student’s checklist of everything asked so far; usually the last step.',
};

/** #/isss/welcome-wizard-configurations/create and /edit/:stepId: one welcome wizard step. */
export function WizardStepEditPage() {
  const { stepId } = useParams();
  const navigate = useNavigate();
  const existing = useGetWizardStep(stepId);
  const options = useCustomItemOptions();
  const save = useSaveWizardStep();
  const [form, setForm] = useState<TForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  useDocumentTitle(stepId ? 'Edit welcome wizard step' : 'New welcome wizard step');
  // The step arrives after the first render: it fills the form once.
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const s = existing.data;
  if (s && filledFrom !== s.id) {
    setFilledFrom(s.id);
    setForm({ title: s.title, body: s.body, kind: s.kind, itemIds: s.itemIds, visaScope: s.visaScope, isActive: s.isActive });
  }

  if (stepId && existing.isPending) return <PageLoader />;
  if (stepId && !existing.data) return <Alert severity="error">This step was not found.</Alert>;
  const set = <K extends keyof TForm>(k: K, v: TForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  const asksItems = form.kind === 'questions' || form.kind === 'documents';
  const items = form.kind === 'questions' ? options.questions : options.documents;

  const submit = () => {
    setFormError('');
    const parsed = studentsApi.ZSaveWizardStepInput.safeParse({ ...form, itemIds: asksItems ? form.itemIds : [] });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    save.mutate(
      { id: stepId, body: parsed.data },
      {
        onSuccess: (s) => {
          snack(`${s.title} was saved.`, 'success');
          void navigate(BASE);
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 400) {
            setErrors(Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])));
            setFormError(e.message);
          } else handleApiError(e);
        },
      },
    );
  };

  return (
    <Box>
      <Button component={RouterLink} to={BASE} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to Welcome Wizard Configuration
      </Button>
      <PageHeader title={stepId ? `Edit step: ${existing.data?.title ?? ''}` : 'New welcome wizard step'} />
      <Paper
        variant="outlined"
        sx={{ p: 3, maxWidth: 820 }}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            label="Title"
            required
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            error={!!errors.title}
            helperText={errors.title || 'Shown as the step’s heading and in the stepper.'}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <FormControl>
            <InputLabel id="kind-label">Kind of step</InputLabel>
            <Select labelId="kind-label" label="Kind of step" value={form.kind} onChange={(e) => set('kind', e.target.value)}>
              {studentsApi.WIZARD_STEP_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {studentsApi.WIZARD_STEP_KIND_LABELS[k]}
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>{KIND_HELP[form.kind]}</FormHelperText>
          </FormControl>
          <TextField
            label="Text"
            multiline
            minRows={5}
            value={form.body}
            onChange={(e) => set('body', e.target.value)}
            error={!!errors.body}
            helperText={errors.body || 'Plain text. Leave a blank line between paragraphs; web addresses (https://…) become links.'}
            slotProps={{ htmlInput: { maxLength: 20000 } }}
          />
          {form.body.trim() ? (
            <Box sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1 }} aria-label="How the text will look">
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                How students will see the text
              </Typography>
              <LinkedText text={form.body} />
            </Box>
          ) : null}
          {asksItems ? (
            <FormControl error={!!errors.itemIds} required>
              <InputLabel id="items-label">{form.kind === 'questions' ? 'Custom questions' : 'Custom documents'}</InputLabel>
              <Select
                labelId="items-label"
                label={form.kind === 'questions' ? 'Custom questions' : 'Custom documents'}
                multiple
                value={form.itemIds.filter((id) => items.some((i) => i.id === id))}
                onChange={(e) => set('itemIds', e.target.value as string[])}
                renderValue={(ids) => ids.map((id) => items.find((i) => i.id === id)?.name ?? '…').join('; ')}
              >
                {items.map((i) => (
                  <MenuItem key={i.id} value={i.id}>
                    <Checkbox checked={form.itemIds.includes(i.id)} />
                    <ListItemText primary={i.name} secondary={i.detail} />
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>
                {errors.itemIds ||
                  (items.length === 0
                    ? 'None configured yet: add them in Question and Document Configuration.'
                    : 'Asked in the order of the Question and Document Configuration.')}
              </FormHelperText>
            </FormControl>
          ) : null}
          <FormControl>
            <InputLabel id="visa-label">Visa type</InputLabel>
            <Select labelId="visa-label" label="Visa type" value={form.visaScope} onChange={(e) => set('visaScope', e.target.value)}>
              {studentsApi.VISA_SCOPES.map((v) => (
                <MenuItem key={v} value={v}>
                  {v === 'All' ? 'All students (F-1 and J-1)' : `${v} students only`}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} />}
            label={form.isActive ? 'Active: shown to invited students' : 'Inactive: hidden from students'}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save
            </Button>
            <Button component={RouterLink} to={BASE}>
              Cancel
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
