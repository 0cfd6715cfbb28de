import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputLabel,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { requestsApi, type TRequestTypeInput } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { useListRequestTypes } from '../api/list-request-types';
import { useSaveRequestType } from '../api/save-request-type';
import { useFormOptions } from '../api/list-form-options';
import { useListWorkflows } from '../../workflows';

type TFormFields = Pick<
  TRequestTypeInput,
  | 'code'
  | 'name'
  | 'description'
  | 'visaScope'
  | 'starters'
  | 'questionnaireIds'
  | 'customQuestionIds'
  | 'documentIds'
  | 'workflowId'
  | 'isEnabled'
>;
// Every field present and defined (Required<> alone keeps the schema's explicit `| undefined`).
type TForm = { [K in keyof TFormFields]-?: Exclude<TFormFields[K], undefined> };
const EMPTY: TForm = {
  code: '',
  name: '',
  description: '',
  visaScope: 'All',
  starters: [],
  questionnaireIds: [],
  customQuestionIds: [],
  documentIds: [],
  workflowId: null,
  isEnabled: true,
};
// 'staff' (starting a request on someone's behalf) is in the contract but not built yet, so it is not offered.
const STARTERS: [string, string][] = [
  ['student', 'Students'],
  ['scholar', 'Scholars'],
  ['department', 'Department users'],
];

/** Create (#/isss/request-configuration/create) or edit (…/edit/:requestTypeId) a request type. */
export function RequestTypeEditPage() {
  const { requestTypeId } = useParams();
  const navigate = useNavigate();
  const types = useListRequestTypes();
  const workflows = useListWorkflows();
  const options = useFormOptions();
  const save = useSaveRequestType();
  const existing = requestTypeId ? types.data?.find((t) => t.id === requestTypeId) : undefined;
  const [form, setForm] = useState<TForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  useDocumentTitle(requestTypeId ? 'Edit request type' : 'New request type');
  // The type arrives after the first render: it fills the form once.
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  if (existing && filledFrom !== existing.id) {
    setFilledFrom(existing.id);
    setForm({ ...EMPTY, ...existing, starters: existing.starters, workflowId: existing.workflowId });
  }

  if (requestTypeId && types.isPending) return <PageLoader />;
  if (requestTypeId && !existing) return <Alert severity="error">This request type was not found.</Alert>;
  const set = <K extends keyof TForm>(k: K, v: TForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };

  const submit = () => {
    setFormError('');
    const parsed = requestsApi.ZRequestTypeInput.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    save.mutate(
      { id: requestTypeId, body: parsed.data },
      {
        onSuccess: (t) => {
          snack(`${t.name} was saved.`, 'success');
          void navigate('/isss/request-configuration');
        },
        onError: (e) => {
          if (isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403) {
            setErrors(Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])));
            setFormError(e.message);
          } else handleApiError(e);
        },
      },
    );
  };

  const multi = (label: string, key: 'questionnaireIds' | 'customQuestionIds' | 'documentIds', items: { id: string; name: string }[]) => (
    <FormControl fullWidth>
      <InputLabel id={`${key}-label`}>{label}</InputLabel>
      <Select
        labelId={`${key}-label`}
        label={label}
        multiple
        value={form[key]}
        onChange={(e) => set(key, e.target.value as string[])}
        renderValue={(ids) => ids.map((id) => items.find((i) => i.id === id)?.name ?? '…').join(', ')}
      >
        {items.map((i) => (
          <MenuItem key={i.id} value={i.id}>
            <Checkbox checked={form[key].includes(i.id)} />
            <ListItemText primary={i.name} />
          </MenuItem>
        ))}
      </Select>
      {items.length === 0 ? <FormHelperText>None configured yet.</FormHelperText> : null}
    </FormControl>
  );

  return (
    <Box>
      <Button component={RouterLink} to="/isss/request-configuration" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to Request Configuration
      </Button>
      <PageHeader title={requestTypeId ? `Edit ${existing?.name ?? 'request type'}` : 'New request type'} />
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
            label="Name"
            required
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            error={!!errors.name}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            label="Code"
            required
            value={form.code}
            onChange={(e) => set('code', e.target.value)}
            error={!!errors.code}
            helperText={errors.code || 'Lower-case letters, digits and _ (e.g. cpt_request). Must be unique.'}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            helperText="Shown to requesters when they choose a request."
          />
          <FormControl>
            <InputLabel id="visa-label">Visa type</InputLabel>
            <Select labelId="visa-label" label="Visa type" value={form.visaScope} onChange={(e) => set('visaScope', e.target.value)}>
              {requestsApi.VISA_SCOPES.map((v) => (
                <MenuItem key={v} value={v}>
                  {v}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend">Who may start it</FormLabel>
            <FormGroup row>
              {STARTERS.map(([k, l]) => (
                <FormControlLabel
                  key={k}
                  label={l}
                  control={
                    <Checkbox
                      checked={form.starters.includes(k as never)}
                      onChange={(e) =>
                        set(
                          'starters',
                          (e.target.checked ? [...form.starters, k] : form.starters.filter((s) => s !== k)) as TForm['starters'],
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
          {multi('Questionnaires', 'questionnaireIds', options.questionnaires.data ?? [])}
          {multi(
            'Custom questions',
            'customQuestionIds',
            (options.questions.data ?? []).map((q) => ({
              id: q.id,
              name: q.questionText.length > 80 ? `${q.questionText.slice(0, 80)}…` : q.questionText,
            })),
          )}
          {multi(
            'Documents',
            'documentIds',
            (options.documents.data ?? []).map((d) => ({ id: d.id, name: `${d.name}${d.isRequired ? ' (required)' : ''}` })),
          )}
          <FormControl error={!!errors.workflowId}>
            <InputLabel id="wf-label">Approval workflow</InputLabel>
            <Select
              labelId="wf-label"
              label="Approval workflow"
              value={form.workflowId ?? ''}
              onChange={(e) => set('workflowId', e.target.value || null)}
            >
              <MenuItem value="">None (no approver review)</MenuItem>
              {(workflows.data ?? []).map((w) => (
                <MenuItem key={w.id} value={w.id}>
                  {w.name}
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>{errors.workflowId || 'Staff can send a request of this type to these approvers.'}</FormHelperText>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={form.isEnabled} onChange={(e) => set('isEnabled', e.target.checked)} />}
            label={form.isEnabled ? 'Enabled: requesters can start it' : 'Disabled: nobody can start it'}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save
            </Button>
            <Button component={RouterLink} to="/isss/request-configuration">
              Cancel
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
