import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MERGE_RECORD_KIND_LABELS, MERGE_RECORD_KINDS, messagesApi, type TMergeRecordKind } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { isApiError } from '../../../app/http/api-error';
import { describeFailure } from '../../../app/errors/failure';
import { useDocumentTitle } from '../../../app/use-document-title';
import { useConfirm } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { UnsavedChangesGuard } from '../../../shells/guards/unsaved-changes-guard';
import {
  useCreateEmailTemplate,
  useDeleteEmailTemplate,
  useGetEmailTemplate,
  usePreviewEmailTemplate,
  useResetSystemEmail,
  useRestoreEmailTemplateVersion,
  useSaveSystemEmail,
  PREVIEW_RECORD_KINDS,
  type TPreviewRecordKind,
  useSearchPreviewRecords,
  useSendTestEmailTemplate,
  useUpdateEmailTemplate,
} from '../api/email-templates';
import { MergeTagPicker } from '../components/merge-tag-picker';
import { TemplateRichEditor } from '../components/template-rich-editor';

type TErrors = Partial<Record<'name' | 'recordKind' | 'subject' | 'bodyHtml' | '_', string>>;
const FIELDS = ['name', 'recordKind', 'subject', 'bodyHtml'] as const;

/** A failed call's messages on the fields they name, else one message for the form. */
function errorsOf(e: unknown): TErrors {
  if (isApiError(e) && e.fieldErrors) {
    const out: TErrors = {};
    for (const f of FIELDS) if (e.fieldErrors[f]?.[0]) out[f] = e.fieldErrors[f][0];
    if (Object.keys(out).length) return out;
  }
  return { _: describeFailure(e).message };
}

type TPick = { id: string; label: string };

const PICK_LABELS: Record<TPreviewRecordKind, string> = {
  student: 'Preview on student (name or SEVIS ID)',
  exchangeVisitor: 'Preview on exchange visitor (name or SEVIS ID)',
  scholarCase: "Preview on scholar case (scholar's name or e-mail)",
  request: 'Preview on request (number or name)',
};
const isPreviewKind = (k: TMergeRecordKind): k is TPreviewRecordKind => (PREVIEW_RECORD_KINDS as readonly string[]).includes(k);

/** The record a preview is filled from (a student, exchange visitor, scholar case or request the user finds); other kinds use the examples. */
function RecordPicker(p: { kind: TMergeRecordKind; value: TPick | null; onChange: (v: TPick | null) => void }) {
  const [q, setQ] = useState('');
  const kind = isPreviewKind(p.kind) ? p.kind : null;
  const found = useSearchPreviewRecords(kind ?? 'student', kind ? q : '');
  if (!kind)
    return (
      <Typography variant="body2" color="text.secondary">
        The preview of a template for {MERGE_RECORD_KIND_LABELS[p.kind].toLowerCase()} records is filled with the merge tags' examples.
      </Typography>
    );
  const options: TPick[] = found.data ?? [];
  const short = kind === 'request' ? q.trim().length < 1 : q.trim().length < 2;
  return (
    <Autocomplete
      options={options}
      value={p.value}
      onChange={(_, v) => p.onChange(v)}
      onInputChange={(_, v) => setQ(v)}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={found.isFetching}
      noOptionsText={
        short
          ? kind === 'request'
            ? 'Type a request number or a name'
            : 'Type at least 2 characters'
          : found.isError
            ? 'The records could not be searched.'
            : 'No record found'
      }
      renderInput={(params) => (
        <TextField {...params} label={PICK_LABELS[kind]} size="small" helperText="Leave empty to preview with the examples." />
      )}
    />
  );
}

/** The editor of one template (docs/product/messages.md#e-mail-templates); loaded in its own chunk with the rich-text editor. */
export function EmailTemplateEditorPage() {
  const { templateId, key } = useParams();
  const isNew = !templateId && !key;
  const one = useGetEmailTemplate({ id: templateId, key });
  if (!isNew && one.isPending) return <PageLoader />;
  if (!isNew && one.isError) return <Alert severity="error">{describeFailure(one.error).message}</Alert>;
  const t = isNew ? null : one.data!;
  // A fresh form for each saved version (a restore or a reset replaces the wording).
  return <TemplateForm key={`${t?.id ?? t?.key ?? 'new'}:${t?.currentVersion ?? 0}:${t?.isEdited ?? ''}`} template={t} />;
}

function TemplateForm({ template: t }: { template: messagesApi.TEmailTemplate | null }) {
  useDocumentTitle(t ? `Email Template: ${t.name}` : 'New Email Template');
  const navigate = useNavigate();
  const { formatDateTime } = useFormatDates();
  const { ask, dialog } = useConfirm();
  const [name, setName] = useState(t?.name ?? '');
  const [recordKind, setRecordKind] = useState<TMergeRecordKind>(t?.recordKind ?? 'student');
  const [subject, setSubject] = useState(t?.subject ?? '');
  const [bodyHtml, setBodyHtml] = useState(t?.bodyHtml ?? '<p></p>');
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<TErrors>({});
  const [picker, setPicker] = useState<((key: string) => void) | null>(null);
  const [record, setRecord] = useState<TPick | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  // Where the cursor was in the subject when it was last typed in or moved: a tag goes there.
  const subjectCaret = useRef<number | null>(null);
  const keepCaret = (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    subjectCaret.current = e.currentTarget.selectionEnd;
  };

  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const saveSystem = useSaveSystemEmail();
  const reset = useResetSystemEmail();
  const restore = useRestoreEmailTemplateVersion();
  const remove = useDeleteEmailTemplate();
  const preview = usePreviewEmailTemplate();
  const sendTest = useSendTestEmailTemplate();
  const saving = create.isPending || update.isPending || saveSystem.isPending;

  const change =
    <T,>(set: (v: T) => void, field: keyof TErrors) =>
    (v: T) => {
      set(v);
      setDirty(true);
      setErrors((e) => ({ ...e, [field]: undefined }));
    };

  const onSave = () => {
    setErrors({});
    const done = (saved: messagesApi.TEmailTemplate) => {
      setDirty(false);
      snack(messagesApi.MSG_EMAIL_TEMPLATES.saved, 'success');
      if (!t) void navigate(`/admin/email-templates/${saved.id}`, { replace: true });
    };
    const onError = (e: unknown) => setErrors(errorsOf(e));
    if (t?.isSystem) saveSystem.mutate({ key: t.key!, body: { subject, bodyHtml } }, { onSuccess: done, onError });
    else if (t) update.mutate({ id: t.id!, body: { name, recordKind, subject, bodyHtml } }, { onSuccess: done, onError });
    else create.mutate({ name, recordKind, subject, bodyHtml }, { onSuccess: done, onError });
  };

  const previewInput = (): messagesApi.TPreviewEmailTemplateInput => ({
    recordKind,
    subject,
    bodyHtml,
    record: record ? { kind: recordKind, id: record.id } : null,
  });
  const onPreview = () => preview.mutate(previewInput(), { onError: (e) => setErrors(errorsOf(e)) });
  const onSendTest = () =>
    sendTest.mutate(previewInput(), {
      onSuccess: () => snack(messagesApi.MSG_EMAIL_TEMPLATES.testSent, 'success'),
      onError: (e) => setErrors(errorsOf(e)),
    });

  const insertInSubject = (key: string) => {
    const el = subjectRef.current;
    // At the cursor (the end of a selection: selected words are kept, never replaced by the tag).
    const at = Math.min(subjectCaret.current ?? subject.length, subject.length);
    const tag = `{{${key}}}`;
    change(setSubject, 'subject')(subject.slice(0, at) + tag + subject.slice(at));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + tag.length, at + tag.length);
      subjectCaret.current = at + tag.length;
    });
  };

  const onDelete = async () => {
    if (!t?.id) return;
    const ok = await ask({
      title: `Delete “${t.name}”?`,
      message: 'The template and its versions are deleted.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(t.id, {
      onSuccess: () => {
        snack(messagesApi.MSG_EMAIL_TEMPLATES.deleted, 'success');
        void navigate('/admin/email-templates');
      },
      onError: (e) => setErrors(errorsOf(e)),
    });
  };
  const onReset = async () => {
    if (!t?.key) return;
    const ok = await ask({
      title: 'Reset to default?',
      message: 'The portal goes back to its own wording of this message. Your edits stay in the versions below.',
      confirmLabel: 'Reset to default',
    });
    if (ok)
      reset.mutate(t.key, {
        onSuccess: () => snack(messagesApi.MSG_EMAIL_TEMPLATES.reset, 'success'),
        onError: (e) => setErrors(errorsOf(e)),
      });
  };
  const onRestore = async (version: number) => {
    if (!t?.id) return;
    const ok = await ask({ title: `Restore version ${version}?`, message: 'It is saved as the newest version.', confirmLabel: 'Restore' });
    if (ok)
      restore.mutate(
        { id: t.id, version },
        { onSuccess: () => snack(messagesApi.MSG_EMAIL_TEMPLATES.restored, 'success'), onError: (e) => setErrors(errorsOf(e)) },
      );
  };

  return (
    <Box>
      <PageHeader
        title={t ? t.name : 'New Email Template'}
        subtitle={t?.description ?? 'Write the message once; merge tags fill in each record’s details when it is sent.'}
        actions={
          <>
            <Button onClick={() => void navigate('/admin/email-templates')}>Back to templates</Button>
            {t?.isSystem && t.isEdited ? (
              <Button onClick={() => void onReset()} disabled={reset.isPending}>
                Reset to default
              </Button>
            ) : null}
            {t && !t.isSystem ? (
              <Button color="error" onClick={() => void onDelete()} disabled={remove.isPending}>
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      <UnsavedChangesGuard when={dirty && !saving} />
      {errors._ ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors._}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            {t?.isSystem ? (
              <Typography variant="body2" color="text.secondary">
                System message, written for {MERGE_RECORD_KIND_LABELS[recordKind].toLowerCase()} records.{' '}
                {t.isEdited ? 'Your wording is used.' : 'The default wording is used until you save your own.'}
              </Typography>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                <TextField
                  label="Name"
                  required
                  value={name}
                  onChange={(e) => change(setName, 'name')(e.target.value)}
                  error={!!errors.name}
                  helperText={errors.name}
                  sx={{ flex: '1 1 260px' }}
                />
                <FormControl sx={{ flex: '1 1 220px' }} error={!!errors.recordKind}>
                  <InputLabel id="record-kind-label">Written for</InputLabel>
                  <Select
                    labelId="record-kind-label"
                    label="Written for"
                    value={recordKind}
                    onChange={(e) => {
                      change(setRecordKind, 'recordKind')(e.target.value);
                      setRecord(null);
                    }}
                  >
                    {MERGE_RECORD_KINDS.map((k) => (
                      <MenuItem key={k} value={k}>
                        {MERGE_RECORD_KIND_LABELS[k]}
                      </MenuItem>
                    ))}
                  </Select>
                  <FormHelperText>{errors.recordKind ?? 'Which record the merge tags are filled from.'}</FormHelperText>
                </FormControl>
              </Box>
            )}
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label="Subject"
                required
                fullWidth
                value={subject}
                inputRef={subjectRef}
                slotProps={{ htmlInput: { onSelect: keepCaret, onKeyUp: keepCaret, onClick: keepCaret } }}
                onChange={(e) => {
                  subjectCaret.current = e.target.selectionEnd;
                  change(setSubject, 'subject')(e.target.value);
                }}
                error={!!errors.subject}
                helperText={errors.subject}
              />
              <Button
                sx={{ mt: 1, whiteSpace: 'nowrap' }}
                onClick={() => setPicker(() => insertInSubject)}
                aria-label="Insert merge tag in subject"
              >
                Insert tag
              </Button>
            </Box>
            <Box>
              <Typography component="div" variant="subtitle2" sx={{ display: 'block', mb: 0.5 }}>
                Message
              </Typography>
              <TemplateRichEditor
                id="template-body"
                label="Message"
                initialHtml={bodyHtml}
                onChange={change(setBodyHtml, 'bodyHtml')}
                onAskTag={(insert) => setPicker(() => insert)}
                error={errors.bodyHtml}
              />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={onSave} disabled={saving}>
                {saving ? 'Saving…' : 'Save'}
              </Button>
            </Box>
          </Stack>
        </Paper>
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="preview-title">
            <Typography id="preview-title" variant="h6" component="h2" sx={{ mb: 2 }}>
              Preview
            </Typography>
            <Stack spacing={2}>
              <RecordPicker kind={recordKind} value={record} onChange={setRecord} />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="outlined" onClick={onPreview} disabled={preview.isPending}>
                  Preview
                </Button>
                <Button variant="outlined" onClick={onSendTest} disabled={sendTest.isPending}>
                  Send test to me
                </Button>
              </Box>
              {preview.data ? (
                <Box>
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    <strong>Subject:</strong> <span data-testid="preview-subject">{preview.data.subject}</span>
                  </Typography>
                  {/* The cleaned message in a sandbox: nothing in it runs, even were something to slip through. */}
                  <Box
                    component="iframe"
                    title="Message preview"
                    sandbox=""
                    srcDoc={`<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;margin:12px}</style></head><body>${preview.data.html}</body></html>`}
                    sx={{ width: '100%', minHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
                  />
                </Box>
              ) : null}
            </Stack>
          </Paper>
          {t && t.versions.length > 0 ? (
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="versions-title">
              <Typography id="versions-title" variant="h6" component="h2">
                Versions
              </Typography>
              <List dense aria-labelledby="versions-title">
                {t.versions.map((v) => (
                  <ListItem
                    key={v.version}
                    secondaryAction={
                      v.version !== t.currentVersion ? (
                        <Button size="small" onClick={() => void onRestore(v.version)} aria-label={`Restore version ${v.version}`}>
                          Restore
                        </Button>
                      ) : (
                        <Typography variant="caption" color="text.secondary">
                          Current
                        </Typography>
                      )
                    }
                  >
                    <ListItemText
                      primary={`Version ${v.version}: ${v.subject}`}
                      secondary={`${formatDateTime(v.savedAt)}${v.savedByName ? ` · ${v.savedByName}` : ''}`}
                      sx={{ pr: 10 }}
                    />
                  </ListItem>
                ))}
              </List>
            </Paper>
          ) : null}
        </Stack>
      </Box>
      <MergeTagPicker open={!!picker} kind={recordKind} onPick={(k) => picker?.(k)} onClose={() => setPicker(null)} />
      {dialog}
    </Box>
  );
}
