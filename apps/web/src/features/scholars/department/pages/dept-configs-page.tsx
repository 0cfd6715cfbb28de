import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { scholarsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { useGetDeptConfig, useUpdateDeptConfig } from '../api/dept-config';

type TContact = scholarsApi.TDeptConfig['contacts'][number];
type TSite = scholarsApi.TDeptConfig['sitesOfActivity'][number];
const NEW_CONTACT: TContact = { name: '', title: '', email: '', phone: '', isPrimary: false };
/** The Select's value for 'no workflow' (an empty value would leave its label over the box). */
const NONE = 'none';
const NEW_SITE: TSite = { name: '', address1: '', address2: '', city: '', state: '', postalCode: '', isPrimary: false };

/** #/scholar/dept-configs: Departmental Configurations (department admins): contacts, sites of activity, the sponsorship approval workflow. */
export function DeptConfigsPage() {
  useDocumentTitle('Departmental Configurations');
  const cfg = useGetDeptConfig();
  if (cfg.isPending) return <PageLoader />;
  if (!cfg.data) return <Alert severity="error">Departmental Configurations could not be loaded.</Alert>;
  return <ConfigForm key={cfg.data.updatedAt ?? 'new'} cfg={cfg.data} />;
}

function ConfigForm({ cfg }: { cfg: scholarsApi.TDeptConfig }) {
  const save = useUpdateDeptConfig();
  const [contacts, setContacts] = useState<TContact[]>(cfg.contacts);
  const [sites, setSites] = useState<TSite[]>(cfg.sitesOfActivity);
  const [workflowId, setWorkflowId] = useState(cfg.sponsorshipWorkflowId ?? NONE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty =
    JSON.stringify([contacts, sites, workflowId]) !==
    JSON.stringify([cfg.contacts, cfg.sitesOfActivity, cfg.sponsorshipWorkflowId ?? NONE]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = { contacts, sitesOfActivity: sites, sponsorshipWorkflowId: workflowId === NONE ? null : workflowId };
    const parsed = scholarsApi.ZDeptConfigInput.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      setFormError('Please check the fields marked in red.');
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => snack('Departmental Configurations saved.', 'success'),
      onError: (err) => {
        if (isApiError(err) && err.status === 400) {
          setErrors(Object.fromEntries(Object.entries(err.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])));
          setFormError(err.message);
        } else handleApiError(err);
      },
    });
  };
  const err = (k: string) => errors[k];
  const setContact = (i: number, p: Partial<TContact>) =>
    setContacts((x) => x.map((c, j) => (j === i ? { ...c, ...p } : p.isPrimary ? { ...c, isPrimary: false } : c)));
  const setSite = (i: number, p: Partial<TSite>) =>
    setSites((x) => x.map((c, j) => (j === i ? { ...c, ...p } : p.isPrimary ? { ...c, isPrimary: false } : c)));
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={dirty} />
      <PageHeader
        title="Departmental Configurations"
        subtitle={`${cfg.departmentName}: who the office contacts, where your scholars work, and who approves sponsorship requests.`}
      />
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="contacts-h">
          <Typography id="contacts-h" variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
            Contacts
          </Typography>
          {err('contacts') ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {err('contacts')}
            </Alert>
          ) : null}
          {contacts.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              No contacts yet.
            </Typography>
          ) : null}
          {contacts.map((c, i) => (
            <Box
              key={i}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 1.5 }}
              role="group"
              aria-label={`Contact ${i + 1}`}
            >
              <TextField
                size="small"
                margin="none"
                label="Name"
                required
                value={c.name}
                onChange={(e) => setContact(i, { name: e.target.value })}
                error={!!err(`contacts.${i}.name`)}
                helperText={err(`contacts.${i}.name`)}
                sx={{ flex: '1 1 180px' }}
              />
              <TextField
                size="small"
                margin="none"
                label="Title"
                value={c.title}
                onChange={(e) => setContact(i, { title: e.target.value })}
                sx={{ flex: '1 1 160px' }}
              />
              <TextField
                size="small"
                margin="none"
                label="E-mail"
                type="email"
                value={c.email}
                onChange={(e) => setContact(i, { email: e.target.value })}
                error={!!err(`contacts.${i}.email`)}
                helperText={err(`contacts.${i}.email`)}
                sx={{ flex: '1 1 200px' }}
              />
              <TextField
                size="small"
                margin="none"
                label="Phone"
                value={c.phone}
                onChange={(e) => setContact(i, { phone: e.target.value })}
                error={!!err(`contacts.${i}.phone`)}
                helperText={err(`contacts.${i}.phone`)}
                sx={{ flex: '0 1 150px' }}
              />
              <FormControlLabel
                control={<Checkbox checked={c.isPrimary} onChange={(e) => setContact(i, { isPrimary: e.target.checked })} />}
                label="Primary"
              />
              <Tooltip title="Remove">
                <IconButton aria-label={`Remove contact ${i + 1}`} onClick={() => setContacts((x) => x.filter((_, j) => j !== i))}>
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
          <Button startIcon={<Add />} onClick={() => setContacts((x) => [...x, { ...NEW_CONTACT, isPrimary: x.length === 0 }])}>
            Add contact
          </Button>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="sites-h">
          <Typography id="sites-h" variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
            Sites of activity
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Presets your scholars can choose as the place they work.
          </Typography>
          {err('sitesOfActivity') ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {err('sitesOfActivity')}
            </Alert>
          ) : null}
          {sites.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              No sites of activity yet.
            </Typography>
          ) : null}
          {sites.map((s, i) => (
            <Box
              key={i}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 1.5 }}
              role="group"
              aria-label={`Site of activity ${i + 1}`}
            >
              <TextField
                size="small"
                margin="none"
                label="Name"
                required
                value={s.name}
                onChange={(e) => setSite(i, { name: e.target.value })}
                error={!!err(`sitesOfActivity.${i}.name`)}
                helperText={err(`sitesOfActivity.${i}.name`)}
                sx={{ flex: '1 1 180px' }}
              />
              <TextField
                size="small"
                margin="none"
                label="Address"
                value={s.address1}
                onChange={(e) => setSite(i, { address1: e.target.value })}
                sx={{ flex: '2 1 220px' }}
              />
              <TextField
                size="small"
                margin="none"
                label="Address line 2"
                value={s.address2}
                onChange={(e) => setSite(i, { address2: e.target.value })}
                sx={{ flex: '1 1 140px' }}
              />
              <TextField
                size="small"
                margin="none"
                label="City"
                value={s.city}
                onChange={(e) => setSite(i, { city: e.target.value })}
                sx={{ flex: '1 1 140px' }}
              />
              <TextField
                size="small"
                margin="none"
                label="State"
                value={s.state}
                onChange={(e) => setSite(i, { state: e.target.value })}
                sx={{ flex: '0 1 90px' }}
              />
              <TextField
                size="small"
                margin="none"
                label="Postal code"
                value={s.postalCode}
                onChange={(e) => setSite(i, { postalCode: e.target.value })}
                error={!!err(`sitesOfActivity.${i}.postalCode`)}
                helperText={err(`sitesOfActivity.${i}.postalCode`)}
                sx={{ flex: '0 1 120px' }}
              />
              <FormControlLabel
                control={<Checkbox checked={s.isPrimary} onChange={(e) => setSite(i, { isPrimary: e.target.checked })} />}
                label="Primary"
              />
              <Tooltip title="Remove">
                <IconButton aria-label={`Remove site ${i + 1}`} onClick={() => setSites((x) => x.filter((_, j) => j !== i))}>
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
          <Button startIcon={<Add />} onClick={() => setSites((x) => [...x, { ...NEW_SITE, isPrimary: x.length === 0 }])}>
            Add site of activity
          </Button>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="wf-h">
          <Typography id="wf-h" variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
            Approval of sponsorship requests
          </Typography>
          <FormControl sx={{ minWidth: 320 }} error={!!err('sponsorshipWorkflowId')}>
            <InputLabel id="wf-select">Approval workflow</InputLabel>
            <Select labelId="wf-select" label="Approval workflow" value={workflowId} onChange={(e) => setWorkflowId(e.target.value)}>
              <MenuItem value={NONE}>None: straight to the international office</MenuItem>
              {cfg.workflows.map((w) => (
                <MenuItem key={w.id} value={w.id} disabled={!w.isActive}>
                  {w.name}
                  {w.isActive ? '' : ' (inactive)'}
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>
              {err('sponsorshipWorkflowId') ?? 'Sponsorship requests go through this workflow before they reach the office.'}
            </FormHelperText>
          </FormControl>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Build or change workflows in{' '}
            <Link component={RouterLink} to="/scholar/approval-workflows">
              Approval Workflows
            </Link>
            .
          </Typography>
        </Paper>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={save.isPending || !dirty}>
          Save
        </Button>
      </Stack>
    </Box>
  );
}
