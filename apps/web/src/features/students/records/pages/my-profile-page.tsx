import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import {
  configureFields,
  CORRECTION_STATUS_LABELS,
  isEmptyValue,
  STUDENT_PROFILE_FORM,
  studentsApi,
  type TLookupRef,
  type TRoleFormSettings,
  type TStudentStage,
  textOf,
} from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { isApiError } from '../../../../app/http/api-error';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { useGetMyRecord, useSubmitCorrection } from '../api/student-corrections';
import { STUDENT_STAGE_NAMES } from '../../list';
import { useMyFieldSettings } from '../../../forms';
import { CONTACT_FIELDS, identityFields } from '../components/record-fields';
import { LookupText } from '../../../lookups';
import { RecordValueText } from '../components/record-value-text';
import { FieldInputs, knownFieldsOf, toBody, toFormValues, type TFieldDef } from '../components/record-section';
import { Fact, FactGrid } from '../components/section-card';

/** The office's lists the record's program codes are read from (docs/product/lookups.md). */
const EV_CATEGORY: TLookupRef = { key: 'ev-categories' };
const EDUCATION_LEVEL: TLookupRef = { key: 'education-levels' };

/**
 * The profile's fields as the office set them for students (docs/product/field-configuration.md#the-student-profile):
 * hidden ones left out, its labels and help, required; read-only ones marked (shown, not corrected here).
 */
function profileFields(settings: TRoleFormSettings | undefined, visaType: string): (TFieldDef & { readOnly?: boolean | undefined })[] {
  return configureFields(
    [...identityFields(visaType), ...CONTACT_FIELDS].map((f) => ({ ...f, help: f.helper })),
    settings,
  ).map(({ help, required, ...f }) => ({ ...f, ...(help ? { helper: help } : {}), required: required === true }));
}

function CorrectionForm({
  record,
  fields,
  onDone,
}: {
  record: studentsApi.TMyRecord;
  fields: ReturnType<typeof profileFields>;
  onDone: () => void;
}) {
  const CORRECTABLE = fields.filter((f) => !f.readOnly && (studentsApi.CORRECTABLE_FIELDS as readonly string[]).includes(f.name));
  const kept = fields.filter((f) => f.readOnly);
  const submit = useSubmitCorrection();
  const initial = toFormValues(record, CORRECTABLE);
  const form = useForm({ defaultValues: { ...initial, reason: '' } as Record<string, unknown> });
  const [error, setError] = useState<string | null>(null);
  const send = form.handleSubmit(async (v) => {
    setError(null);
    const now = toBody(v, CORRECTABLE);
    const before = toBody(initial, CORRECTABLE);
    const changes = Object.fromEntries(Object.entries(now).filter(([k, x]) => JSON.stringify(x) !== JSON.stringify(before[k])));
    if (!Object.keys(changes).length) {
      setError('Change at least one field: the form still shows your record as it is.');
      return;
    }
    if (!textOf(v.reason ?? '').trim()) {
      form.setError('reason', { message: 'Required field' }, { shouldFocus: true });
      return;
    }
    try {
      await submit.mutateAsync({ changes, reason: String(v.reason).trim() });
      form.reset(v);
      snack('Your correction request was sent to the office.', 'success');
      onDone();
    } catch (e) {
      if (isApiError(e) && e.fieldErrors?.changes) {
        setError(e.fieldErrors.changes[0] ?? e.message);
        return;
      }
      setError(handleFormError(e, form.setError, [...knownFieldsOf(CORRECTABLE), 'reason']));
    }
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="corr-title">
      <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitSuccessful} />
      <Typography id="corr-title" variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
        Request a correction
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Change the values that are wrong and say why. The office compares them with your documents before your record changes.
      </Typography>
      <Box component="form" noValidate onSubmit={(e) => void send(e)}>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <FieldInputs form={form} fields={CORRECTABLE} />
        {kept.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The office keeps these as they are; ask the office to change them: {kept.map((f) => f.label).join(', ')}.
          </Typography>
        ) : null}
        <TextField
          {...form.register('reason')}
          label="Why is this correction needed?"
          required
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
          error={!!form.formState.errors.reason}
          helperText={form.formState.errors.reason?.message ?? 'For example: my passport shows my middle name.'}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={onDone}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Send to the office
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

/** #/student/my-profile: the student's own record, read only, and correction requests. */
export function MyProfilePage() {
  const dates = useFormatDates();
  const { formatDate } = dates;
  const q = useGetMyRecord();
  const settings = useMyFieldSettings();
  const fields = profileFields(settings.data?.forms[STUDENT_PROFILE_FORM], q.data?.visaType ?? '');
  const [correcting, setCorrecting] = useState(false);
  useDocumentTitle('My profile');
  if (q.isPending) return <PageLoader />;
  if (!q.data)
    return <Alert severity="info">There is no student record for your account yet. Please contact the international office.</Alert>;
  const r = q.data;
  return (
    <Box>
      <PageHeader
        title="My profile"
        subtitle="Your record as the international office holds it. Only the office can change it: if something is wrong, request a correction."
        actions={
          !correcting ? (
            <Button variant="contained" onClick={() => setCorrecting(true)}>
              Request a correction
            </Button>
          ) : undefined
        }
      />
      <Stack spacing={2}>
        {correcting ? <CorrectionForm record={r} fields={fields} onDone={() => setCorrecting(false)} /> : null}
        {r.corrections.length ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
              My correction requests
            </Typography>
            <Stack spacing={1}>
              {r.corrections.map((c) => (
                <Box key={c.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography>{c.fields.map((f) => studentsApi.STUDENT_FIELD_LABELS[f] ?? f).join(', ')}</Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={CORRECTION_STATUS_LABELS[c.status]}
                      color={c.status === 'approved' ? 'success' : c.status === 'rejected' ? 'error' : 'warning'}
                    />
                    <Typography variant="body2" color="text.secondary">
                      asked {formatDate(c.createdAt)}
                    </Typography>
                  </Stack>
                  {c.decisionNote ? <Typography variant="body2">Office note: {c.decisionNote}</Typography> : null}
                </Box>
              ))}
            </Stack>
          </Paper>
        ) : null}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
            Personal information
          </Typography>
          <FactGrid>
            {fields.map((f) => (
              <Fact
                key={f.name}
                label={f.label}
                value={
                  isEmptyValue((r as unknown as Record<string, unknown>)[f.name]) ? (
                    ''
                  ) : (
                    <RecordValueText field={f.name} value={(r as unknown as Record<string, unknown>)[f.name]} lookup={f.lookup} />
                  )
                }
              />
            ))}
          </FactGrid>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
            Immigration and program
          </Typography>
          <FactGrid>
            <Fact label="Visa type" value={r.visaType} />
            <Fact label="SEVIS ID" value={r.sevisId ?? ''} />
            <Fact label="SEVIS status" value={r.sevisStatus} />
            <Fact label="Campus" value={r.campusSiteName ?? ''} />
            <Fact label="Portal stage" value={STUDENT_STAGE_NAMES[r.currentStage as TStudentStage] ?? r.currentStage} />
            {/* The office's words for the codes (docs/product/lookups.md#reading-a-list). */}
            {r.visaType === 'J-1' ? (
              <Fact label="Exchange visitor category" value={<LookupText lookup={EV_CATEGORY} value={r.evCategoryCode} />} />
            ) : (
              <Fact label="Education level" value={<LookupText lookup={EDUCATION_LEVEL} value={r.educationLevel} />} />
            )}
            <Fact label="Major" value={r.major1Code} />
            <Fact label="Program start" value={formatDate(r.programStartDate)} />
            <Fact label="Program end" value={formatDate(r.programEndDate)} />
            <Fact label={r.visaType === 'J-1' ? 'DS-2019 issued' : 'I-20 issued'} value={formatDate(r.documentIssueDate)} />
          </FactGrid>
        </Paper>
        {r.dependents.length ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
              Dependents
            </Typography>
            {r.dependents.map((d) => (
              <Typography key={d.id}>
                {d.firstName} {d.lastName} · {d.relationshipCode === '01' ? 'Spouse' : 'Child'} · born {formatDate(d.birthDate)} ·{' '}
                {d.status}
              </Typography>
            ))}
          </Paper>
        ) : null}
      </Stack>
    </Box>
  );
}
