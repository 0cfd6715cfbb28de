import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router';
import type { scholarsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { isApiError } from '../../../../app/http/api-error';
import { snack } from '../../../../ui/notify';
import { useListScholarTemplates, useUpdateScholarTemplate } from '../api/templates';

type TOut = scholarsApi.TTemplatesOutput;
type TQ = TOut['questionnaires'][number];
type TD = TOut['documents'][number];

function TemplateEditor({ t, data }: { t: scholarsApi.TTemplate; data: TOut }) {
  const update = useUpdateScholarTemplate();
  const [qIds, setQIds] = useState(t.questionnaireIds);
  const [dIds, setDIds] = useState(t.documentIds);
  const [error, setError] = useState<{ field?: string | undefined; message: string } | null>(null);
  const dirty = JSON.stringify(qIds) !== JSON.stringify(t.questionnaireIds) || JSON.stringify(dIds) !== JSON.stringify(t.documentIds);
  // A retired questionnaire already chosen stays listed (so it can be removed); others are offered only while active.
  const qOptions = data.questionnaires.filter((q) => !q.isRetired || t.questionnaireIds.includes(q.id));
  const byId = <T extends { id: string }>(list: T[], ids: string[]) =>
    ids.map((id) => list.find((x) => x.id === id)).filter((x): x is T => !!x);
  const save = () => {
    setError(null);
    update.mutate(
      { code: t.code, body: { questionnaireIds: qIds, documentIds: dIds } },
      {
        onSuccess: () => snack(`${t.label} template saved. New and unsubmitted ${t.label} applications ask for it.`, 'success'),
        onError: (e) => {
          const fe = isApiError(e) ? (e.fieldErrors ?? {}) : {};
          const field = Object.keys(fe)[0];
          setError({
            field,
            message: (field ? fe[field]![0] : undefined) ?? (isApiError(e) ? e.message : 'The template could not be saved.'),
          });
        },
      },
    );
  };
  return (
    <Stack spacing={2}>
      {error && !error.field ? (
        <Alert severity="error" role="alert">
          {error.message}
        </Alert>
      ) : null}
      <Autocomplete<TQ, true>
        multiple
        options={qOptions}
        value={byId(data.questionnaires, qIds)}
        getOptionLabel={(q) => q.name + (q.isRetired ? ' (retired)' : '')}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, v) => setQIds(v.map((q) => q.id))}
        renderInput={(p) => (
          <TextField
            {...p}
            label="Questionnaires"
            error={error?.field === 'questionnaireIds'}
            helperText={error?.field === 'questionnaireIds' ? error.message : 'The scholar answers these with the application.'}
          />
        )}
      />
      <Autocomplete<TD, true>
        multiple
        options={data.documents}
        value={byId(data.documents, dIds)}
        getOptionLabel={(d) => `${d.name}${d.isRequired ? ' (required)' : ''}`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, v) => setDIds(v.map((d) => d.id))}
        renderInput={(p) => (
          <TextField
            {...p}
            label="Documents"
            error={error?.field === 'documentIds'}
            helperText={
              error?.field === 'documentIds'
                ? error.message
                : 'The document checklist of the application; a required upload must be there before the scholar can submit.'
            }
          />
        )}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button
          disabled={!dirty || update.isPending}
          onClick={() => {
            setQIds(t.questionnaireIds);
            setDIds(t.documentIds);
            setError(null);
          }}
        >
          Discard changes
        </Button>
        <Button
          variant="contained"
          disabled={!dirty || update.isPending}
          onClick={save}
          startIcon={update.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Save {t.label} template
        </Button>
      </Box>
    </Stack>
  );
}

/** #/admin/scholar-templates: per visa type, the questionnaires and documents its application asks for (scholars.configure). */
export function ScholarTemplatesPage() {
  // The menu keeps the old product's label ("Templates for H-1B and O-1"); the page says what it holds: every visa type's template.
  useDocumentTitle('Templates');
  const q = useListScholarTemplates();
  const [open, setOpen] = useState<string | false>(false);
  const data = q.data;
  return (
    <Box>
      <PageHeader
        title="Templates"
        subtitle={
          <>
            The application templates of H-1B, O-1, J-1 and F-1 OPT/STEM scholars (with H-1B and O-1 extensions and amendments). Choose, for
            each visa type, which questionnaires and documents its application asks for. Build questionnaires in{' '}
            <Link component={RouterLink} to="/admin/form-management">
              Form Management
            </Link>{' '}
            and documents in{' '}
            <Link component={RouterLink} to="/isss/question-document-configuration">
              Question and Document Manager
            </Link>
            .
          </>
        }
      />
      {q.isPending ? (
        <PageLoader />
      ) : !data ? (
        <Alert severity="error">The templates could not be loaded.</Alert>
      ) : (
        <Box>
          {data.templates.length === 0 ? (
            <Alert severity="warning">The scholar program types are not set up for this institution.</Alert>
          ) : null}
          {data.templates.map((t) => {
            const id = `tpl-${t.code}`;
            return (
              <Accordion
                key={t.code}
                expanded={open === t.code}
                onChange={(_, e) => setOpen(e ? t.code : false)}
                disableGutters
                variant="outlined"
                slotProps={{ heading: { component: 'h2' } }}
              >
                <AccordionSummary
                  expandIcon={<ExpandMore />}
                  aria-controls={`${id}-content`}
                  id={`${id}-header`}
                  aria-labelledby={`${id}-label`}
                  aria-describedby={`${id}-counts`}
                >
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', width: '100%' }}>
                    <Typography id={`${id}-label`} component="span" sx={{ fontWeight: 600, minWidth: 200 }}>
                      {t.label}
                    </Typography>
                    {/* The counts describe the heading rather than name it (its name stays the visa type); read once, as a description. */}
                    <Box id={`${id}-counts`} aria-hidden="true" sx={{ display: 'flex', gap: 1 }}>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={`${t.questionnaireIds.length} questionnaire${t.questionnaireIds.length === 1 ? '' : 's'}`}
                      />
                      <Chip
                        size="small"
                        variant="outlined"
                        label={`${t.documentIds.length} document${t.documentIds.length === 1 ? '' : 's'}`}
                      />
                    </Box>
                  </Box>
                </AccordionSummary>
                <AccordionDetails id={`${id}-content`}>
                  {open === t.code ? <TemplateEditor key={t.updatedAt} t={t} data={data} /> : null}
                </AccordionDetails>
              </Accordion>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
