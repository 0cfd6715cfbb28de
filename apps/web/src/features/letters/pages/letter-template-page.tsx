import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { lettersApi, MERGE_RECORD_KIND_LABELS, type scholarsApi, type studentsApi } from '@meridian/domain';
import { describeFailure } from '../../../app/errors/failure';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { useConfirm } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import {
  fetchLetterPreview,
  useDeleteLetterTemplate,
  useGetLetterTemplate,
  useSaveLetterTemplate,
  useUploadLetterSignature,
} from '../api/letters';
import { useCan } from '../api/use-can';
import { MergeTagPicker } from '../components/merge-tag-picker';
import { ScholarCasePicker } from '../components/scholar-case-picker';
import { StudentPicker } from '../components/student-picker';
import { VISIBILITY_LABELS } from './letter-templates-page';

interface TDraft {
  name: string;
  recordKind: lettersApi.TLetterRecordKind;
  bodyText: string;
  showLogo: boolean;
  addressText: string;
  signerName: string;
  signerTitle: string;
  defaultVisibility: lettersApi.TLetterVisibility;
  isActive: boolean;
}
const EMPTY: TDraft = {
  name: '',
  recordKind: 'student',
  bodyText: '',
  showLogo: true,
  addressText: '',
  signerName: '',
  signerTitle: '',
  defaultVisibility: 'office',
  isActive: true,
};
const draftOf = (t: lettersApi.TLetterTemplate): TDraft => ({
  name: t.name,
  recordKind: t.recordKind,
  bodyText: lettersApi.letterMarkup(t.body),
  showLogo: t.showLogo,
  addressText: t.addressLines.join('\n'),
  signerName: t.signerName,
  signerTitle: t.signerTitle,
  defaultVisibility: t.defaultVisibility,
  isActive: t.isActive,
});
type TErrors = Partial<
  Record<'name' | 'recordKind' | 'body' | 'addressLines' | 'signerName' | 'signerTitle' | 'file' | 'recordId' | 'form', string>
>;

/** Server field errors by the field they are about ('addressLines.2' is the address lines). */
function errorsOf(e: unknown): TErrors {
  if (!isApiError(e)) return { form: describeFailure(e).message };
  const out: TErrors = {};
  for (const [k, v] of Object.entries(e.fieldErrors ?? {})) if (v[0]) out[(k.split('.')[0] ?? 'form') as keyof TErrors] = v[0];
  if (!Object.keys(out).length) out.form = e.message;
  return out;
}

/** #/isss/letter-template/:templateId ('new' for a new one): write a letter template and try it on a student (docs/product/letters.md#templates). */
export function LetterTemplatePage() {
  const { templateId = 'new' } = useParams();
  const isNew = templateId === 'new';
  const q = useGetLetterTemplate(isNew ? null : templateId);
  useDocumentTitle(isNew ? 'New letter template' : (q.data?.name ?? 'Letter template'));
  if (!isNew && q.isPending) return <PageLoader />;
  if (!isNew && q.isError) return <Alert severity="error">This letter template could not be loaded.</Alert>;
  // The draft starts from the template as loaded; a new address (a saved new template) starts afresh.
  return <LetterTemplateEditor key={templateId} templateId={templateId} template={q.data} />;
}

function LetterTemplateEditor({ templateId, template: t }: { templateId: string; template: lettersApi.TLetterTemplate | undefined }) {
  const isNew = templateId === 'new';
  const mayManage = useCan('letters.manage');
  const navigate = useNavigate();
  const save = useSaveLetterTemplate();
  const remove = useDeleteLetterTemplate();
  const upload = useUploadLetterSignature(templateId);
  const { ask, dialog } = useConfirm();
  const [d, setD] = useState<TDraft>(t ? draftOf(t) : EMPTY);
  const [errors, setErrors] = useState<TErrors>({});
  const [previewFor, setPreviewFor] = useState<studentsApi.TStudentListItem | null>(null);
  const [previewCase, setPreviewCase] = useState<scholarsApi.TScholarDashboardItem | null>(null);
  // The preview merges the saved template: a scholar case template for a case, any other for a student.
  const previewsCase = t?.recordKind === 'scholarCase';
  const [previewing, setPreviewing] = useState(false);
  const body = useRef<HTMLTextAreaElement | null>(null);
  const set = (p: Partial<TDraft>) => setD((x) => ({ ...x, ...p }));
  const readOnly = !mayManage;

  const insertTag = (tag: string) => {
    const el = body.current;
    const at = el ? el.selectionStart : d.bodyText.length;
    const end = el ? el.selectionEnd : at;
    set({ bodyText: d.bodyText.slice(0, at) + tag + d.bodyText.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + tag.length, at + tag.length);
    });
  };

  const onSave = (clearSignature = false) => {
    setErrors({});
    save.mutate(
      {
        ...(isNew ? {} : { id: templateId }),
        name: d.name,
        recordKind: d.recordKind,
        body: lettersApi.parseLetterMarkup(d.bodyText),
        showLogo: d.showLogo,
        addressLines: d.addressText
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
        signerName: d.signerName,
        signerTitle: d.signerTitle,
        defaultVisibility: d.defaultVisibility,
        isActive: d.isActive,
        clearSignature,
      },
      {
        onSuccess: (saved) => {
          snack('The letter template was saved.', 'success');
          if (isNew) void navigate(`/isss/letter-template/${saved.id}`, { replace: true });
        },
        onError: (e) => setErrors(errorsOf(e)),
      },
    );
  };

  const onPreview = async () => {
    const recordId = previewsCase ? previewCase?.applicationId : previewFor?.id;
    if (!recordId)
      return setErrors({
        recordId: previewsCase ? 'Choose a scholar case to preview the letter for.' : 'Choose a student to preview the letter for.',
      });
    setErrors({});
    setPreviewing(true);
    // Opened before the answer arrives: a window opened later would be blocked as a pop-up.
    const win = window.open('', '_blank');
    try {
      const blob = await fetchLetterPreview(templateId, recordId);
      const url = URL.createObjectURL(blob);
      if (win) win.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      win?.close();
      setErrors(errorsOf(e));
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <Box>
      <Button component={RouterLink} to="/isss/letter-template" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Letter Templates
      </Button>
      <PageHeader
        title={isNew ? 'New letter template' : (t?.name ?? 'Letter template')}
        subtitle="Write the letter with merge tags; each tag is filled in from the record (a student's, or a scholar case) when the letter is generated."
      />
      {errors.form ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.form}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label="Name"
              required
              value={d.name}
              onChange={(e) => set({ name: e.target.value })}
              error={!!errors.name}
              helperText={errors.name ?? 'e.g. Enrolment verification'}
              sx={{ flex: '2 1 320px' }}
              slotProps={{ input: { readOnly } }}
            />
            <TextField
              select
              label="Records"
              value={d.recordKind}
              onChange={(e) => set({ recordKind: e.target.value as lettersApi.TLetterRecordKind })}
              error={!!errors.recordKind}
              helperText={errors.recordKind ?? 'Which records the letter is written for'}
              sx={{ flex: '1 1 240px' }}
              disabled={readOnly}
            >
              {lettersApi.LETTER_RECORD_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {MERGE_RECORD_KIND_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle1" component="h2">
            The letter
          </Typography>
          {readOnly ? null : <MergeTagPicker kind={d.recordKind} onInsert={insertTag} />}
          <TextField
            label="Body"
            required
            multiline
            minRows={12}
            value={d.bodyText}
            onChange={(e) => set({ bodyText: e.target.value })}
            inputRef={body}
            error={!!errors.body}
            helperText={
              errors.body ??
              'A blank line starts a new paragraph. "# " at the start of a line makes a heading, "- " a bullet, "1. " a numbered item; **bold** and *italic*.'
            }
            slotProps={{ input: { readOnly, sx: { fontFamily: 'monospace' } } }}
          />
          <Typography variant="subtitle1" component="h2">
            Letterhead and signer
          </Typography>
          <FormControlLabel
            control={<Switch checked={d.showLogo} onChange={(e) => set({ showLogo: e.target.checked })} disabled={readOnly} />}
            label="Show the institution's logo (PNG or JPEG logos)"
          />
          <TextField
            label="Office address lines"
            multiline
            minRows={3}
            value={d.addressText}
            onChange={(e) => set({ addressText: e.target.value })}
            error={!!errors.addressLines}
            helperText={errors.addressLines ?? `One line each, at most ${lettersApi.LETTER_ADDRESS_LINES_MAX}`}
            slotProps={{ input: { readOnly } }}
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label="Signer name"
              value={d.signerName}
              onChange={(e) => set({ signerName: e.target.value })}
              error={!!errors.signerName}
              helperText={errors.signerName}
              sx={{ flex: 1 }}
              slotProps={{ input: { readOnly } }}
            />
            <TextField
              label="Signer title"
              value={d.signerTitle}
              onChange={(e) => set({ signerTitle: e.target.value })}
              error={!!errors.signerTitle}
              helperText={errors.signerTitle}
              sx={{ flex: 1 }}
              slotProps={{ input: { readOnly } }}
            />
          </Stack>
          {isNew ? (
            <Typography color="text.secondary">Save the template to add a signature image.</Typography>
          ) : (
            <FormControl error={!!errors.file}>
              <FormLabel>Signature image</FormLabel>
              <Typography sx={{ my: 0.5 }}>
                {t?.signature ? `${t.signature.fileName} (${Math.ceil(t.signature.sizeBytes / 1024)} KB)` : 'None'}
              </Typography>
              {readOnly ? null : (
                <Stack direction="row" spacing={1}>
                  <Button variant="outlined" component="label" disabled={upload.isPending}>
                    {t?.signature ? 'Replace signature' : 'Upload signature'}
                    <input
                      hidden
                      type="file"
                      accept="image/png,image/jpeg"
                      aria-label="Signature image"
                      onChange={(e) => {
                        const file = e.target.files?.[0];
                        e.target.value = '';
                        if (!file) return;
                        setErrors({});
                        upload.mutate(file, {
                          onSuccess: () => snack('The signature image was saved.', 'success'),
                          onError: (err) => setErrors(errorsOf(err)),
                        });
                      }}
                    />
                  </Button>
                  {t?.signature ? (
                    <Button color="inherit" onClick={() => onSave(true)}>
                      Remove signature
                    </Button>
                  ) : null}
                </Stack>
              )}
              <FormHelperText>{errors.file ?? 'PNG or JPEG, at most 1 MB'}</FormHelperText>
            </FormControl>
          )}
          <FormControl>
            <FormLabel id="visibility-label">Generated letters are visible to</FormLabel>
            <RadioGroup
              row
              aria-labelledby="visibility-label"
              value={d.defaultVisibility}
              onChange={(e) => set({ defaultVisibility: e.target.value as lettersApi.TLetterVisibility })}
            >
              {lettersApi.LETTER_VISIBILITIES.map((v) => (
                <FormControlLabel key={v} value={v} control={<Radio disabled={readOnly} />} label={VISIBILITY_LABELS[v]} />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={d.isActive} onChange={(e) => set({ isActive: e.target.checked })} disabled={readOnly} />}
            label="Active (letters may be generated with it)"
          />
          {readOnly ? null : (
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={() => onSave()} disabled={save.isPending}>
                Save
              </Button>
              {isNew ? null : (
                <Button
                  color="error"
                  onClick={() =>
                    void ask({
                      title: 'Delete letter template',
                      message: `Delete "${t?.name}"? Letters already filed stay on their records.`,
                      confirmLabel: 'Delete',
                      destructive: true,
                    }).then((ok) => {
                      if (ok)
                        remove.mutate(templateId, {
                          onSuccess: () => {
                            snack('The letter template was deleted.', 'success');
                            void navigate('/isss/letter-template');
                          },
                        });
                    })
                  }
                >
                  Delete
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
      {isNew ? null : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            Preview PDF
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            The saved template, merged for {previewsCase ? 'a scholar case' : 'a student'}; nothing is filed.
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
            {previewsCase ? (
              <ScholarCasePicker value={previewCase} onChange={setPreviewCase} />
            ) : (
              <StudentPicker value={previewFor} onChange={setPreviewFor} />
            )}
            <Button variant="outlined" onClick={() => void onPreview()} disabled={previewing} sx={{ mt: 1 }}>
              Preview PDF
            </Button>
          </Stack>
          {errors.recordId ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.recordId}
            </Alert>
          ) : null}
        </Paper>
      )}
      {dialog}
    </Box>
  );
}
