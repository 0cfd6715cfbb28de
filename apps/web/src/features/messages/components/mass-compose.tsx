import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { messagesApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { isApiError } from '../../../app/http/api-error';
import { useFormatDates } from '../../../app/office-dates';
import { DateInput } from '../../../ui/date-input';
import { snack } from '../../../ui/notify';
import { useCreateMassSend, useMassTemplates, usePreviewMassMessage, usePreviewMassRecipients } from '../api/mass-email';
import { MergeTagPicker } from './merge-tag-picker';
import { EMPTY_RECIPIENTS, MassRecipientsFields, recipientsInput, type TRecipientsState } from './mass-recipients-fields';
import { TemplateRichEditor } from './template-rich-editor';

type TErrors = Record<string, string | undefined>;

/** The compose form of Email Communications (docs/product/messages.md#sending-a-mass-e-mail). */
export function MassCompose(p: {
  canScholars: boolean;
  canTemplates: boolean;
  onSent: (id: string) => void;
  initial?: TRecipientsState | undefined;
}) {
  const dates = useFormatDates();
  const [recipients, setRecipients] = useState<TRecipientsState>(p.initial ?? EMPTY_RECIPIENTS);
  const [subject, setSubject] = useState('');
  const [bodyHtml, setBodyHtml] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [templateId, setTemplateId] = useState('');
  const [ccDepartment, setCc] = useState(false);
  const [isCompliance, setCompliance] = useState(false);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [day, setDay] = useState('');
  const [time, setTime] = useState('09:00');
  const [errors, setErrors] = useState<TErrors>({});
  const [askTag, setAskTag] = useState<((key: string) => void) | null>(null);
  const [confirming, setConfirming] = useState(false);
  const templates = useMassTemplates(p.canTemplates);
  const previewRecipients = usePreviewMassRecipients();
  const previewMessage = usePreviewMassMessage();
  const create = useCreateMassSend();
  const { recordKind, recipients: source } = recipientsInput(recipients);
  const sendAt = when === 'later' ? dates.instantAt(day, time) : null;

  const body = (): messagesApi.TMassSendInput => ({
    recordKind,
    recipients: source,
    subject,
    bodyHtml,
    templateId: templateId || null,
    ccDepartment,
    isCompliance,
    sendAt,
  });
  const showErrors = (e: unknown) => {
    if (!isApiError(e)) return;
    const f = e.fieldErrors ?? {};
    const first = (k: string) => f[k]?.[0] ?? Object.entries(f).find(([key]) => key.startsWith(`${k}.`))?.[1]?.[0];
    setErrors({
      recipients: first('recipients') ?? first('recordKind'),
      subject: first('subject'),
      bodyHtml: first('bodyHtml'),
      sendAt: first('sendAt'),
      templateId: first('templateId'),
    });
    if (!Object.keys(f).length) snack(e.message, 'error');
  };

  const checkRecipients = () => {
    setErrors({});
    previewRecipients.mutate(body(), { onError: showErrors });
  };
  const chooseTemplate = async (id: string) => {
    setTemplateId(id);
    if (!id) return;
    const t = await apiCall(messagesApi.getEmailTemplate, { params: { templateId: id } });
    setSubject(t.subject);
    setBodyHtml(t.bodyHtml);
    setEditorKey((k) => k + 1);
  };
  const validateLocally = (): boolean => {
    const e: TErrors = {};
    if (!subject.trim()) e.subject = messagesApi.MSG_MASS_EMAIL.subjectRequired;
    if (!bodyHtml.replace(/<[^>]*>/g, '').trim()) e.bodyHtml = messagesApi.MSG_MASS_EMAIL.bodyRequired;
    if (when === 'later' && (!sendAt || sendAt <= new Date().toISOString())) e.sendAt = messagesApi.MSG_MASS_EMAIL.sendAtPast;
    setErrors(e);
    return Object.keys(e).length === 0;
  };
  const send = () => {
    setConfirming(false);
    create.mutate(body(), {
      onError: showErrors,
      onSuccess: (d) => {
        snack(d.status === 'scheduled' ? 'The mass e-mail is scheduled.' : 'The mass e-mail is being sent.', 'success');
        p.onSent(d.id);
      },
    });
  };
  const preview = previewRecipients.data;
  const openTags = (insert: (key: string) => void) => setAskTag(() => insert);

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={3}>
        <MassRecipientsFields value={recipients} onChange={setRecipients} canScholars={p.canScholars} error={errors.recipients} />
        <Box>
          <Button variant="outlined" onClick={checkRecipients} disabled={previewRecipients.isPending}>
            Check recipients
          </Button>
          {preview && (
            <Box sx={{ mt: 2 }}>
              <Alert severity={preview.total ? 'info' : 'warning'}>
                {preview.total
                  ? `${preview.total.toLocaleString('en-US')} record${preview.total === 1 ? '' : 's'} match; ${preview.willSkip.toLocaleString('en-US')} will be skipped (no e-mail address, or unsubscribed from bulk e-mail).`
                  : messagesApi.MSG_MASS_EMAIL.noRecipients}
              </Alert>
              {preview.sample.length > 0 && (
                <Table size="small" aria-label="First recipients" sx={{ mt: 1 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>E-mail</TableCell>
                      <TableCell>Copy to</TableCell>
                      <TableCell>Note</TableCell>
                      <TableCell>
                        <span className="visually-hidden">Preview</span>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.sample.map((r) => (
                      <TableRow key={r.recordId}>
                        <TableCell>{r.name}</TableCell>
                        <TableCell>{r.address || '—'}</TableCell>
                        <TableCell>{r.cc ?? '—'}</TableCell>
                        <TableCell>{r.skipReason ?? ''}</TableCell>
                        <TableCell align="right">
                          <Button
                            size="small"
                            disabled={!subject.trim() || previewMessage.isPending}
                            onClick={() =>
                              previewMessage.mutate({ recordKind, subject, bodyHtml, recordId: r.recordId }, { onError: showErrors })
                            }
                          >
                            Preview message
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
          )}
        </Box>
        <Divider />
        {p.canTemplates && (
          <TextField
            select
            id="mass-template"
            label="Start from a template"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            value={templateId}
            onChange={(e) => void chooseTemplate(e.target.value)}
            helperText={errors.templateId ?? 'Optional: fills the subject and message, which you may still change'}
            error={!!errors.templateId}
            sx={{ maxWidth: 480 }}
          >
            <MenuItem value="">None (write the message here)</MenuItem>
            {(templates.data?.items ?? [])
              .filter((t) => t.id && t.recordKind === recordKind)
              .map((t) => (
                <MenuItem key={t.id} value={t.id!}>
                  {t.name}
                </MenuItem>
              ))}
          </TextField>
        )}
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <TextField
            id="mass-subject"
            label="Subject"
            required
            fullWidth
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={!!errors.subject}
            helperText={errors.subject ?? 'Merge tags such as {{student.firstName}} are filled for each recipient'}
          />
          <Button sx={{ mt: 1, whiteSpace: 'nowrap' }} onClick={() => openTags((key) => setSubject((s) => `${s}{{${key}}}`))}>
            Insert tag
          </Button>
        </Stack>
        <TemplateRichEditor
          key={editorKey}
          id="mass-body"
          label="Message"
          initialHtml={bodyHtml}
          onChange={setBodyHtml}
          onAskTag={openTags}
          error={errors.bodyHtml}
        />
        <Box>
          <FormControlLabel
            control={<Checkbox checked={ccDepartment} onChange={(e) => setCc(e.target.checked)} />}
            label="Copy the department contact"
          />
          <FormHelperText sx={{ mt: -0.5, ml: 4 }}>
            For scholar cases, the hiring authority (or the department&apos;s user) receives a copy. Student records have no department
            contact.
          </FormHelperText>
        </Box>
        <Box>
          <FormControlLabel
            control={<Checkbox checked={isCompliance} onChange={(e) => setCompliance(e.target.checked)} />}
            label="Compliance notice"
          />
          <FormHelperText sx={{ mt: -0.5, ml: 4 }}>
            Only for what the office must tell each recipient (e.g. a SEVIS reporting deadline). A compliance notice reaches people who
            unsubscribed from bulk e-mail and carries no unsubscribe link.
          </FormHelperText>
        </Box>
        <Box>
          <RadioGroup row aria-label="When to send" value={when} onChange={(e) => setWhen(e.target.value as 'now' | 'later')}>
            <FormControlLabel value="now" control={<Radio />} label="Send now" />
            <FormControlLabel value="later" control={<Radio />} label="Schedule" />
          </RadioGroup>
          {when === 'later' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
              <DateInput
                id="mass-send-day"
                label="Day"
                value={day}
                onChange={setDay}
                error={!!errors.sendAt}
                helperText={errors.sendAt ?? 'MM/DD/YYYY'}
              />
              <TextField
                id="mass-send-time"
                label="Time"
                type="time"
                value={time}
                onChange={(e) => setTime(e.target.value)}
                helperText={`Office time (${dates.timeZone})`}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          )}
        </Box>
        <Box>
          <Button
            variant="contained"
            disabled={create.isPending}
            onClick={() => {
              if (validateLocally()) setConfirming(true);
            }}
          >
            {when === 'later' ? 'Schedule' : 'Send now'}
          </Button>
        </Box>
      </Stack>
      <MergeTagPicker
        open={!!askTag}
        kind={recordKind}
        onClose={() => setAskTag(null)}
        onPick={(key) => {
          askTag?.(key);
          setAskTag(null);
        }}
      />
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="mass-confirm-title">
        <DialogTitle id="mass-confirm-title">{when === 'later' ? 'Schedule this e-mail?' : 'Send this e-mail now?'}</DialogTitle>
        <DialogContent>
          <Typography>
            {preview
              ? `It goes to ${(preview.total - preview.willSkip).toLocaleString('en-US')} recipients`
              : 'It goes to every record of your choice'}
            {sendAt ? `, on ${dates.formatDateTime(sendAt)}` : ''}. Each copy is filled from the recipient&apos;s own record.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={send}>
            {when === 'later' ? 'Schedule' : 'Send'}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={!!previewMessage.data}
        onClose={() => previewMessage.reset()}
        fullWidth
        maxWidth="md"
        aria-labelledby="mass-preview-title"
      >
        <DialogTitle id="mass-preview-title">{previewMessage.data?.subject}</DialogTitle>
        <DialogContent>
          <Box
            component="iframe"
            title="The message as the recipient sees it"
            sandbox=""
            srcDoc={previewMessage.data?.html ?? ''}
            sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => previewMessage.reset()}>Close</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
