import { useState } from 'react';
import { Controller, useForm, type RefCallBack } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { EMPLOYMENT_TIME_LOOKUP, FULL_TIME_CODE, studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import type { z } from 'zod';
import { useLookupOptions } from '../../../lookups';
import { useSaveEmployment } from '../api/opt';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { DateInput } from '../../../../ui/date-input';
import { snack } from '../../../../ui/notify';
import { phaseLabel } from './opt-format';

type TForm = z.input<typeof studentsApi.ZEmploymentInput>;
type TOut = z.output<typeof studentsApi.ZEmploymentInput>;
const FIELDS = [
  'employerName',
  'employerEin',
  'jobTitle',
  'startDate',
  'endDate',
  'fullOrPartTime',
  'employerAddress.line1',
  'employerAddress.city',
  'employerAddress.state',
  'employerAddress.postalCode',
  'courseRelevance',
] as const;
const NO_ADDRESS = { line1: '', line2: '', city: '', state: '', postalCode: '' };

function DateField({
  control,
  name,
  label,
  required,
  helper,
}: {
  control: ReturnType<typeof useForm<TForm, unknown, TOut>>['control'];
  name: 'startDate' | 'endDate';
  label: string;
  required?: boolean;
  helper: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          label={label}
          required={required}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v === '' && name === 'endDate' ? null : v)}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helper}
          fullWidth
        />
      )}
    />
  );
}

/**
 * Full or part time as radio buttons, one for each value the office's list of SEVIS Table 6 offers today
 * (docs/product/lookups.md#how-forms-use-the-lists); a period's own value the list no longer offers stays shown, marked.
 */
function EmploymentTimeField({ control }: { control: ReturnType<typeof useForm<TForm, unknown, TOut>>['control'] }) {
  return (
    <Controller
      control={control}
      name="fullOrPartTime"
      render={({ field, fieldState }) => (
        <EmploymentTimeRadios
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function EmploymentTimeRadios({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: RefCallBack;
  error: string | undefined;
}) {
  const { options, isLoading, isError } = useLookupOptions(EMPLOYMENT_TIME_LOOKUP, value);
  const helper = error ?? (isError ? 'The list could not be loaded: reload the page to try again.' : undefined);
  return (
    <FormControl error={!!error || isError} sx={{ mt: 1 }}>
      <FormLabel id="employment-hours-label">Hours</FormLabel>
      {isLoading ? <CircularProgress size={20} aria-label="Loading the choices" sx={{ my: 1 }} /> : null}
      <RadioGroup
        row
        aria-labelledby="employment-hours-label"
        ref={inputRef}
        name="fullOrPartTime"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      {helper ? <FormHelperText>{helper}</FormHelperText> : null}
    </FormControl>
  );
}

/** Record or change one OPT employer period; the student's unemployment days are recomputed from these. */
export function EmploymentDialog({
  student,
  employment,
  onClose,
}: {
  student: studentsApi.TOptStudent;
  /** null: a new employer period. */
  employment: studentsApi.TOptEmployment | null;
  onClose: () => void;
}) {
  const { formatDate } = useFormatDates();
  const save = useSaveEmployment();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TForm, unknown, TOut>({
    resolver: zodResolver(studentsApi.ZEmploymentInput),
    defaultValues: employment
      ? {
          employerName: employment.employerName,
          employerEin: employment.employerEin,
          jobTitle: employment.jobTitle,
          startDate: employment.startDate ?? '',
          endDate: employment.endDate,
          fullOrPartTime: employment.fullOrPartTime || FULL_TIME_CODE,
          employerAddress: NO_ADDRESS,
          courseRelevance: '',
        }
      : {
          employerName: '',
          employerEin: '',
          jobTitle: '',
          startDate: '',
          endDate: null,
          fullOrPartTime: FULL_TIME_CODE,
          employerAddress: NO_ADDRESS,
          courseRelevance: '',
        },
  });
  const name = `${student.firstName} ${student.lastName}`;
  const onValid = (body: TOut) => {
    setFormError(null);
    save.mutate(
      { profileId: student.profileId, employmentId: employment?.id, body },
      {
        onSuccess: (s) => {
          const u = s.unemployment;
          snack(
            `${employment ? 'Employment updated' : 'Employment recorded'} for ${name}.${u ? ` Unemployment: ${u.used} of ${u.allowed} days used.` : ''}`,
            'success',
          );
          onClose();
        },
        onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
      },
    );
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="employment-dialog-title">
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <DialogTitle id="employment-dialog-title">
          {employment ? 'Edit employment' : 'Record employment'} · {name}
        </DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Authorised:{' '}
            {student.authorizations
              .filter((a) => a.phase !== '01' || student.phase === '01')
              .map((a) => `${phaseLabel(a.phase)} ${formatDate(a.startDate)} – ${formatDate(a.endDate)}`)
              .join('; ')}
            . Days in the authorisation not covered by an employer count as unemployment.
          </Typography>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12 }}>
              <FormTextField
                control={control}
                name="employerName"
                label="Employer name"
                required
                autoFocus
                fullWidth
                helperText="Letters, digits, spaces and , . / : ' # & -"
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="employerEin"
                label="Employer EIN"
                required
                fullWidth
                helperText="9 digits, e.g. 12-3456789."
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="jobTitle"
                label="Job title"
                fullWidth
                helperText="Letters, digits, commas and spaces."
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField control={control} name="startDate" label="Start date" required helper="MM/DD/YYYY" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField control={control} name="endDate" label="End date" helper="MM/DD/YYYY; empty while the job continues" />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <EmploymentTimeField control={control} />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                SEVIS hears of each employer you record or change (an end date ends the employer). It needs the work address and how the job
                relates to the degree{employment ? '; leave them empty to keep what SEVIS was sent' : ''}.
              </Typography>
            </Grid>
            <Grid size={{ xs: 12 }}>
              <FormTextField
                control={control}
                name="employerAddress.line1"
                label="Work address"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="employerAddress.city"
                label="City"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <FormTextField
                control={control}
                name="employerAddress.state"
                label="State"
                fullWidth
                helperText="e.g. MA"
                slotProps={{ htmlInput: { maxLength: 2 } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <FormTextField
                control={control}
                name="employerAddress.postalCode"
                label="ZIP code"
                fullWidth
                helperText="5 digits, e.g. 61820"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <FormTextField
                control={control}
                name="courseRelevance"
                label="How the job relates to the degree"
                fullWidth
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {employment ? 'Save changes' : 'Record employment'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
