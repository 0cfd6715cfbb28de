import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  AUTOMATED_EMAILS,
  LEAD_DAYS_MAX,
  LEAD_DAYS_MIN,
  messagesApi,
  type TAutomatedEmail,
  type TAutomatedEmailVisaType,
} from '@meridian/domain';
import { describeFailure } from '../../../app/errors/failure';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useGetAutomatedEmailConfig, useSaveAutomatedEmailSetting } from '../api/automated-emails';

const M = messagesApi.MSG_AUTOMATED_EMAILS;
/** The Message list's choice of the system message (a template id otherwise). */
const SYSTEM = 'system';
type TSetting = messagesApi.TAutomatedEmailSetting;
type TTemplate = messagesApi.TAutomatedEmailConfig['templates'][number];
type TErrors = Partial<Record<'enabled' | 'visaTypes' | 'templateId' | 'leadDays' | 'form', string>>;

/** The message an event sends unless the office chose a template: one of the system's, or a reminder's own. */
const systemMessageOf = (e: TAutomatedEmail) => messagesApi.systemEmailOf(e.systemKey);
const isReminder = (e: TAutomatedEmail) => e.defaultLeadDays.length > 0 && e.leadDaysElsewhere === null;

/** One event: its switch, visa types, lead times and wording, saved on its own. */
function AutomatedEmailRow({ event, setting, templates }: { event: TAutomatedEmail; setting: TSetting; templates: TTemplate[] }) {
  const save = useSaveAutomatedEmailSetting();
  const [enabled, setEnabled] = useState(setting.enabled);
  // Nothing chosen on the server means every visa type the event applies to.
  const [visas, setVisas] = useState<TAutomatedEmailVisaType[]>(setting.visaTypes.length ? setting.visaTypes : [...event.visaTypes]);
  const [templateId, setTemplateId] = useState(setting.templateId ?? SYSTEM);
  const [leadDays, setLeadDays] = useState<number[]>(setting.leadDays);
  const [newDays, setNewDays] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const id = `automated-${event.key.replace(/\W/g, '-')}`;
  const system = systemMessageOf(event);
  const ofKind = templates.filter((t) => t.recordKind === event.recordKind);

  const addDays = () => {
    const n = Number(newDays.trim());
    const next = [...leadDays, n];
    const error = newDays.trim() === '' || !Number.isInteger(n) ? M.leadDaysRange : messagesApi.leadDaysError(next);
    if (error) return setErrors((e) => ({ ...e, leadDays: error }));
    setLeadDays(next.sort((a, b) => b - a));
    setNewDays('');
    setErrors(({ leadDays: _cleared, ...rest }) => rest);
  };

  const onSave = () => {
    const found: TErrors = {};
    if (enabled && visas.length === 0) found.visaTypes = M.visaTypesRequired;
    if (isReminder(event) && enabled && leadDays.length === 0) found.leadDays = M.leadDaysRequired;
    setErrors(found);
    if (Object.keys(found).length) return document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
    const allVisas = visas.length === event.visaTypes.length;
    save.mutate(
      {
        key: event.key,
        body: {
          enabled,
          visaTypes: allVisas ? [] : visas,
          templateId: templateId === SYSTEM ? null : templateId,
          leadDays: isReminder(event) ? leadDays : [],
        },
      },
      {
        onSuccess: () => snack(`${event.label}: ${M.saved}`, 'success'),
        onError: (e) => {
          const fields = isApiError(e) ? (e.fieldErrors ?? {}) : {};
          const next: TErrors = {};
          for (const f of ['enabled', 'visaTypes', 'templateId', 'leadDays'] as const) if (fields[f]?.[0]) next[f] = fields[f][0];
          if (!Object.keys(next).length) next.form = describeFailure(e).message;
          setErrors(next);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: 2.5, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h3" component="h2" id={`${id}-title`} sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            {event.label}
          </Typography>
          <Typography color="text.secondary">{event.description}</Typography>
          <Typography color="text.secondary">
            <strong>Sent to:</strong> {event.recipients}
          </Typography>
        </Box>
        <FormControl error={!!errors.enabled}>
          <FormControlLabel
            control={
              <Switch
                id={`${id}-enabled`}
                checked={event.required || enabled}
                disabled={event.required}
                onChange={(e) => setEnabled(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': `${id}-enabled-help` } }}
              />
            }
            label={event.required || enabled ? 'On' : 'Off'}
          />
          <FormHelperText id={`${id}-enabled-help`}>
            {errors.enabled ?? (event.required ? 'Always on: without it approvers never receive their links and the workflow stops.' : ' ')}
          </FormHelperText>
        </FormControl>
      </Stack>
      {errors.form ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {errors.form}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 2, alignItems: 'flex-start' }}>
        <FormControl component="fieldset" error={!!errors.visaTypes}>
          <FormLabel component="legend">Visa types</FormLabel>
          <FormGroup row>
            {event.visaTypes.map((v, i) => (
              <FormControlLabel
                key={v}
                label={v}
                control={
                  <Checkbox
                    id={i === 0 ? `${id}-visaTypes` : undefined}
                    checked={visas.includes(v)}
                    onChange={(e) => setVisas((cur) => (e.target.checked ? [...cur, v] : cur.filter((x) => x !== v)))}
                  />
                }
              />
            ))}
          </FormGroup>
          {errors.visaTypes ? <FormHelperText>{errors.visaTypes}</FormHelperText> : null}
        </FormControl>
        {isReminder(event) ? (
          <FormControl component="fieldset" error={!!errors.leadDays}>
            <FormLabel component="legend">Days before</FormLabel>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', my: 0.5 }}>
              {leadDays.map((d) => (
                <Chip
                  key={d}
                  label={`${d} ${d === 1 ? 'day' : 'days'}`}
                  onDelete={() => setLeadDays((cur) => cur.filter((x) => x !== d))}
                />
              ))}
              <TextField
                id={`${id}-leadDays`}
                label="Add days"
                size="small"
                value={newDays}
                onChange={(e) => setNewDays(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addDays();
                  }
                }}
                sx={{ width: 110 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', min: LEAD_DAYS_MIN, max: LEAD_DAYS_MAX } }}
              />
              <Button size="small" variant="outlined" onClick={addDays}>
                Add
              </Button>
            </Stack>
            <FormHelperText>{errors.leadDays ?? `From ${LEAD_DAYS_MIN} to ${LEAD_DAYS_MAX} days, at most five.`}</FormHelperText>
          </FormControl>
        ) : event.leadDaysElsewhere ? (
          <Box>
            <Typography component="p" variant="subtitle2">
              Days before
            </Typography>
            <Typography color="text.secondary">
              Set in <Link href={`#${event.leadDaysElsewhere.route}`}>{event.leadDaysElsewhere.label}</Link> (currently{' '}
              {event.defaultLeadDays.join(' and ')} days by default).
            </Typography>
          </Box>
        ) : null}
        <FormControl sx={{ minWidth: 280 }} error={!!errors.templateId}>
          <InputLabel id={`${id}-templateId-label`}>Message</InputLabel>
          <Select
            labelId={`${id}-templateId-label`}
            id={`${id}-templateId`}
            label="Message"
            value={templateId}
            onChange={(e) => setTemplateId(e.target.value)}
          >
            <MenuItem value={SYSTEM}>System message: {system?.name ?? 'the portal’s own'}</MenuItem>
            {ofKind.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </Select>
          <FormHelperText>
            {errors.templateId ??
              (system ? (
                <Link
                  href={
                    messagesApi.systemEmailOf(event.systemKey)
                      ? `#/admin/email-templates/system/${event.systemKey}`
                      : '#/admin/email-templates'
                  }
                >
                  Edit the system message in Email Templates
                </Link>
              ) : (
                'The portal’s own wording.'
              ))}
          </FormHelperText>
        </FormControl>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <Button variant="contained" onClick={onSave} disabled={save.isPending}>
          Save
        </Button>
        {setting.isDefault ? (
          <Typography color="text.secondary">Default settings</Typography>
        ) : setting.updatedByName ? (
          <Typography color="text.secondary">Changed by {setting.updatedByName}</Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** #/isss/automated-email-config (Configuration > Automated E-mail): the e-mails the portal sends by itself (docs/product/messages.md#automated-e-mail). */
export function AutomatedEmailPage() {
  useDocumentTitle('Automated E-mail');
  const config = useGetAutomatedEmailConfig();
  if (config.isPending) return <PageLoader />;
  if (config.isError || !config.data) return <Alert severity="error">The automated e-mail settings could not be loaded.</Alert>;
  const { items, templates } = config.data;
  return (
    <Box>
      <PageHeader
        title="Automated E-mail"
        subtitle="The e-mails the portal sends by itself: turn each on or off, choose the visa types it is sent for, the days before a date a reminder goes out, and the message it sends."
      />
      {AUTOMATED_EMAILS.map((event) => {
        const setting = items.find((i) => i.key === event.key);
        return setting ? (
          <AutomatedEmailRow key={`${event.key}-${setting.updatedAt ?? ''}`} event={event} setting={setting} templates={templates} />
        ) : null;
      })}
    </Box>
  );
}
