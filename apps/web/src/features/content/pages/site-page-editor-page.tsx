import { Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { contentApi, STUDENT_STAGES, studentStageLabel, type TStudentStage } from '@meridian/domain';
import { describeFailure } from '../../../app/errors/failure';
import { isApiError } from '../../../app/http/api-error';
import { useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { UnsavedChangesGuard } from '../../../shells/guards/unsaved-changes-guard';
import { useConfirm } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { LazyTemplateRichEditor } from '../../messages';
import {
  useCreateSitePage,
  useDeleteSitePage,
  useGetSitePage,
  usePreviewSitePage,
  usePublishSitePage,
  useUnpublishSitePage,
  useUpdateSitePage,
} from '../api/site-pages';
import { PageHtmlFrame } from '../components/page-html-frame';
import { stateText } from '../labels';

const FIELDS = ['title', 'slug', 'audience', 'stages', 'visaTypes', 'draftTitle', 'draftBodyHtml'] as const;
type TErrors = Partial<Record<(typeof FIELDS)[number] | '_', string>>;
const LIST = '/isss/site-builder';

/** A failed call's messages on the fields they name, else one message for the form. */
function errorsOf(e: unknown): TErrors {
  if (isApiError(e) && e.fieldErrors) {
    const out: TErrors = {};
    for (const f of FIELDS) if (e.fieldErrors[f]?.[0]) out[f] = e.fieldErrors[f][0];
    if (Object.keys(out).length) return out;
  }
  return { _: describeFailure(e).message };
}

/** An address from a title: "Welcome to campus!" → "welcome-to-campus". */
const slugOf = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, contentApi.SITE_PAGE_SLUG_MAX);

function PageForm({ page }: { page: contentApi.TSitePage | null }) {
  useDocumentTitle(page ? `Site Page: ${page.title}` : 'New Site Page');
  const navigate = useNavigate();
  const { formatDateTime } = useFormatDates();
  const { ask, dialog } = useConfirm();
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(!!page);
  const [audience, setAudience] = useState<contentApi.TSitePageAudience>(page?.audience ?? 'students');
  const [stages, setStages] = useState<TStudentStage[]>(page?.stages ?? []);
  const [visaTypes, setVisaTypes] = useState<string[]>(page?.visaTypes ?? []);
  const [draftTitle, setDraftTitle] = useState(page?.draftTitle ?? '');
  const [draftBodyHtml, setDraftBodyHtml] = useState(page?.draftBodyHtml ?? '<p></p>');
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<TErrors>({});
  const create = useCreateSitePage();
  const update = useUpdateSitePage();
  const publish = usePublishSitePage();
  const unpublish = useUnpublishSitePage();
  const remove = useDeleteSitePage();
  const preview = usePreviewSitePage();
  const busy = create.isPending || update.isPending || publish.isPending || unpublish.isPending || remove.isPending;

  const change =
    <T,>(set: (v: T) => void, field: keyof TErrors) =>
    (v: T) => {
      set(v);
      setDirty(true);
      setErrors((e) => {
        const rest = { ...e };
        delete rest[field];
        delete rest._;
        return rest;
      });
    };
  const body = (): contentApi.TSaveSitePageInput => ({
    title,
    slug,
    audience,
    stages: audience === 'students' ? stages : [],
    visaTypes,
    draftTitle,
    draftBodyHtml,
  });

  /** Saves the draft; the saved page, or null when it was refused (the messages are on the fields). */
  const saveDraft = async (): Promise<contentApi.TSitePage | null> => {
    setErrors({});
    try {
      const saved = page
        ? await update.mutateAsync({ id: page.id, body: { ...body(), version: page.version } })
        : await create.mutateAsync(body());
      setDirty(false);
      return saved;
    } catch (e) {
      setErrors(errorsOf(e));
      return null;
    }
  };
  const onSave = async () => {
    const saved = await saveDraft();
    if (!saved) return;
    snack('The draft was saved. Readers see it once you publish it.', 'success');
    if (!page) void navigate(`${LIST}/${saved.id}`, { replace: true });
  };
  const onPublish = async () => {
    const saved = dirty || !page ? await saveDraft() : page;
    if (!saved) return;
    publish.mutate(
      { id: saved.id, version: saved.version },
      {
        onSuccess: () => {
          snack('The page was published.', 'success');
          if (!page) void navigate(`${LIST}/${saved.id}`, { replace: true });
        },
        onError: (e) => setErrors(errorsOf(e)),
      },
    );
  };
  const onUnpublish = async () => {
    if (!page) return;
    const ok = await ask({
      title: `Unpublish “${page.title}”?`,
      message: 'Students and scholars no longer see the page. Its draft stays, to publish again.',
      confirmLabel: 'Unpublish',
    });
    if (!ok) return;
    unpublish.mutate(
      { id: page.id, version: page.version },
      { onSuccess: () => snack('The page was unpublished.', 'success'), onError: (e) => setErrors(errorsOf(e)) },
    );
  };
  const onDelete = async () => {
    if (!page) return;
    const ok = await ask({
      title: `Delete “${page.title}”?`,
      message: page.publishedAt
        ? 'The page is published: students and scholars no longer see it, and its draft is deleted too.'
        : 'The page and its draft are deleted.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(page.id, {
      onSuccess: () => {
        setDirty(false);
        snack(contentApi.SITE_PAGE_MSG.deleted, 'success');
        void navigate(LIST);
      },
      onError: (e) => setErrors(errorsOf(e)),
    });
  };

  const visaChoices = contentApi.SITE_PAGE_VISA_TYPES[audience];
  const address = audience === 'students' ? `#/student/pages/${slug || '…'}` : `#/scholar/pages/${slug || '…'}`;

  return (
    <Box>
      <PageHeader
        title={page ? page.title : 'New Site Page'}
        subtitle={
          page ? (
            <>
              <Chip size="small" variant="outlined" label={stateText(page.state)} sx={{ mr: 1 }} />
              {page.publishedAt
                ? `Published ${formatDateTime(page.publishedAt)}${page.publishedByName ? ` by ${page.publishedByName}` : ''}.`
                : 'Not published: readers do not see it.'}
            </>
          ) : (
            'Write the page as a draft; readers see it once you publish it.'
          )
        }
        actions={
          <>
            <Button onClick={() => void navigate(LIST)}>Back to pages</Button>
            {page ? (
              <Button color="error" onClick={() => void onDelete()} disabled={busy}>
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      <UnsavedChangesGuard when={dirty && !busy} />
      {errors._ ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {errors._}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="page-settings-title">
          <Typography id="page-settings-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            Page
          </Typography>
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <TextField
                label="Title in this list"
                required
                value={title}
                onChange={(e) => {
                  change(setTitle, 'title')(e.target.value);
                  if (!slugTouched) setSlug(slugOf(e.target.value));
                }}
                error={!!errors.title}
                helperText={errors.title ?? 'For the office only, e.g. “Welcome – new F-1 students”.'}
                sx={{ flex: '1 1 260px' }}
              />
              <TextField
                label="Address"
                required
                value={slug}
                onChange={(e) => {
                  setSlugTouched(true);
                  change(setSlug, 'slug')(e.target.value);
                }}
                error={!!errors.slug}
                helperText={errors.slug ?? `Readers open it at ${address}`}
                sx={{ flex: '1 1 220px' }}
              />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <FormControl sx={{ flex: '1 1 160px' }} error={!!errors.audience}>
                <InputLabel id="audience-label">Audience</InputLabel>
                <Select
                  labelId="audience-label"
                  label="Audience"
                  value={audience}
                  onChange={(e) => {
                    const a = e.target.value;
                    change(setAudience, 'audience')(a);
                    setVisaTypes((v) => v.filter((x) => contentApi.SITE_PAGE_VISA_TYPES[a].includes(x)));
                  }}
                >
                  {contentApi.SITE_PAGE_AUDIENCES.map((a) => (
                    <MenuItem key={a} value={a}>
                      {contentApi.SITE_PAGE_AUDIENCE_LABELS[a]}
                    </MenuItem>
                  ))}
                </Select>
                {errors.audience ? <FormHelperText>{errors.audience}</FormHelperText> : null}
              </FormControl>
              {audience === 'students' ? (
                <FormControl sx={{ flex: '1 1 220px' }} error={!!errors.stages}>
                  <InputLabel id="stages-label" shrink>
                    Stages
                  </InputLabel>
                  <Select
                    labelId="stages-label"
                    label="Stages"
                    multiple
                    displayEmpty
                    notched
                    value={stages}
                    onChange={(e) => change(setStages, 'stages')(e.target.value as TStudentStage[])}
                    renderValue={(v) => (v.length ? v.map(studentStageLabel).join(', ') : 'Every stage')}
                  >
                    {STUDENT_STAGES.map((s) => (
                      <MenuItem key={s} value={s}>
                        <Checkbox checked={stages.includes(s)} size="small" />
                        <ListItemText primary={studentStageLabel(s)} />
                      </MenuItem>
                    ))}
                  </Select>
                  <FormHelperText>{errors.stages ?? 'None chosen: every stage.'}</FormHelperText>
                </FormControl>
              ) : null}
              <FormControl sx={{ flex: '1 1 200px' }} error={!!errors.visaTypes}>
                <InputLabel id="visa-types-label" shrink>
                  Visa types
                </InputLabel>
                <Select
                  labelId="visa-types-label"
                  label="Visa types"
                  multiple
                  displayEmpty
                  notched
                  value={visaTypes}
                  onChange={(e) => change(setVisaTypes, 'visaTypes')(e.target.value as string[])}
                  renderValue={(v) => (v.length ? v.join(', ') : 'Every visa type')}
                >
                  {visaChoices.map((v) => (
                    <MenuItem key={v} value={v}>
                      <Checkbox checked={visaTypes.includes(v)} size="small" />
                      <ListItemText primary={v} />
                    </MenuItem>
                  ))}
                </Select>
                <FormHelperText>
                  {errors.visaTypes ??
                    (audience === 'scholars' ? 'A scholar’s processed visa type. None chosen: every one.' : 'None chosen: every one.')}
                </FormHelperText>
              </FormControl>
            </Box>
            <TextField
              label="Heading readers see"
              required
              value={draftTitle}
              onChange={(e) => change(setDraftTitle, 'draftTitle')(e.target.value)}
              error={!!errors.draftTitle}
              helperText={errors.draftTitle}
              fullWidth
            />
            <Box>
              <Typography component="div" variant="subtitle2" sx={{ mb: 0.5 }}>
                Text
              </Typography>
              <Suspense fallback={<PageLoader label="Loading the editor…" minHeight={260} />}>
                <LazyTemplateRichEditor
                  id="site-page-body"
                  label="Text"
                  initialHtml={draftBodyHtml}
                  onChange={change(setDraftBodyHtml, 'draftBodyHtml')}
                  error={errors.draftBodyHtml}
                />
              </Suspense>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => void onSave()} disabled={busy}>
                {create.isPending || update.isPending ? 'Saving…' : 'Save draft'}
              </Button>
              <Button variant="outlined" onClick={() => void onPublish()} disabled={busy || (page?.state === 'published' && !dirty)}>
                {publish.isPending ? 'Publishing…' : 'Publish'}
              </Button>
              {page?.publishedAt ? (
                <Button onClick={() => void onUnpublish()} disabled={busy}>
                  Unpublish
                </Button>
              ) : null}
            </Box>
            {page?.state === 'changed' ? (
              <Alert severity="info">
                The draft differs from the published page. Readers see the published page until you publish again.
              </Alert>
            ) : null}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="preview-title">
          <Typography id="preview-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            Preview
          </Typography>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              The draft as readers will see it, with what the portal does not keep taken out.
            </Typography>
            <Box>
              <Button
                variant="outlined"
                onClick={() => preview.mutate(draftBodyHtml, { onError: (e) => setErrors(errorsOf(e)) })}
                disabled={preview.isPending}
              >
                Preview
              </Button>
            </Box>
            {preview.data ? (
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600, mb: 1 }}>
                  {draftTitle}
                </Typography>
                <PageHtmlFrame html={preview.data.html} title={`Preview of ${draftTitle || 'the page'}`} />
              </Box>
            ) : null}
          </Stack>
        </Paper>
      </Box>
      {dialog}
    </Box>
  );
}

/** One site page: its settings, its draft, preview and publishing (docs/product/site-pages.md#writing-a-page). */
export function SitePageEditorPage() {
  const { pageId } = useParams();
  const one = useGetSitePage(pageId);
  if (pageId && one.isPending) return <PageLoader />;
  if (pageId && one.isError)
    return (
      <Box>
        <PageHeader title="Site Page" />
        <Alert severity="error">{describeFailure(one.error).message}</Alert>
      </Box>
    );
  const page = pageId ? one.data! : null;
  // The form keeps what is typed; the page's state and version follow each save, publish and unpublish.
  return <PageForm key={page?.id ?? 'new'} page={page} />;
}
