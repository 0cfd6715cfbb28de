import { Fragment, useState, type ReactNode } from 'react';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Grid,
  MenuItem,
  Paper,
  TextField as MuiText,
  Typography,
} from '@mui/material';
import { EMPLOYMENT_FLAGS, scholarsApi, textOf } from '@meridian/domain';
import { z } from 'zod';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { FormLookupField } from '../../../lookups';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { useUpdateEmploymentDetails, useUpdateOfficeData, useUpdatePremiumProcessing } from '../api/office-case';
import { DateField } from './date-field';
import { officeFieldGroupsOf, WAGE_UNITS, type TOfficeField } from './office-data-fields';

type TCase = scholarsApi.TOfficeCase;

/** A titled card with a form; read only (fields disabled, no button) without scholars.manage. */
function FormCard({
  title,
  note,
  error,
  busy,
  canEdit,
  onSubmit,
  children,
}: {
  title: string;
  note?: string;
  error: string | null;
  busy: boolean;
  canEdit: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
        {title}
      </Typography>
      {note ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {note}
        </Typography>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <fieldset disabled={!canEdit || busy} style={{ border: 0, padding: 0, margin: 0 }}>
          {children}
        </fieldset>
        {canEdit ? (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              Save
            </Button>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}

// Every form here keeps its values as they are (no resolver reshapes them).
type TCtl<T extends FieldValues> = Control<T, unknown, T>;
const Text = <T extends FieldValues>({
  c,
  n,
  label,
  help,
  max,
  sm = 4,
  numeric,
}: {
  c: TCtl<T>;
  n: Path<T>;
  label: string;
  help?: string | undefined;
  max?: number | undefined;
  sm?: number | undefined;
  numeric?: boolean | undefined;
}) => (
  <Grid size={{ xs: 12, sm }}>
    <FormTextField
      control={c}
      name={n}
      label={label}
      fullWidth
      helperText={help ?? ' '}
      slotProps={{ htmlInput: { maxLength: max, ...(numeric ? { inputMode: 'decimal' } : {}) } }}
    />
  </Grid>
);
const DateCol = <T extends FieldValues>({ c, n, label, sm = 4 }: { c: TCtl<T>; n: Path<T>; label: string; sm?: number | undefined }) => (
  <Grid size={{ xs: 12, sm }}>
    <DateField control={c} name={n} label={label} />
  </Grid>
);
const Unit = <T extends FieldValues>({ c, n }: { c: TCtl<T>; n: Path<T> }) => (
  <Grid size={{ xs: 12, sm: 4 }}>
    <FormTextField control={c} name={n} select label="Wage unit" fullWidth helperText=" ">
      {WAGE_UNITS.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </FormTextField>
  </Grid>
);

/** Field errors of a part come back as officeData.x; the form's fields are named the same way. */
function useSave<T extends FieldValues>(setError: Parameters<typeof handleFormError<T>>[1], prefix: string, keys: string[]) {
  const [error, setFormError] = useState<string | null>(null);
  const fail = (e: unknown) =>
    setFormError(
      handleFormError(
        e,
        setError,
        keys.map((k) => `${prefix}.${k}`),
      ),
    );
  return { error, clear: () => setFormError(null), fail };
}

const ZOfficeForm = z.object({ officeData: scholarsApi.ZOfficeData });
type TOfficeForm = z.input<typeof ZOfficeForm>;

/** One field of the office's data, as office-data-fields.ts defines it. */
function OfficeField({ c, f }: { c: TCtl<TOfficeForm>; f: TOfficeField }) {
  const n = `officeData.${f.key}` as const;
  if (f.kind === 'date') return <DateCol c={c} n={n} label={f.label} sm={f.sm} />;
  if (f.kind === 'multiline') {
    return (
      <Grid size={{ xs: 12 }}>
        <FormTextField
          control={c}
          name={n}
          label={f.label}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: f.max } }}
        />
      </Grid>
    );
  }
  if (f.kind === 'lookup' && f.lookup) {
    return (
      <Grid size={{ xs: 12, sm: f.sm ?? 4 }}>
        <FormLookupField control={c} name={n} label={f.label} lookup={f.lookup} helperText=" " />
      </Grid>
    );
  }
  if (f.kind === 'select') {
    return (
      <Grid size={{ xs: 12, sm: f.sm ?? 4 }}>
        <FormTextField control={c} name={n} select label={f.label} fullWidth helperText=" ">
          {(f.options ?? []).map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
    );
  }
  return <Text c={c} n={n} label={f.label} help={f.help} max={f.max} sm={f.sm} numeric={f.kind === 'money'} />;
}

/** H-1B / O-1 Information (LCA, SOC, wages, worksite) or, for J-1, the program data; the office's own data of the case. */
export function OfficeDataForm({ c, visa }: { c: TCase; visa: 'H-1B' | 'O-1' | 'J-1' | 'F-1 OPT/STEM' }) {
  const save = useUpdateOfficeData(c.id);
  const form = useForm<TOfficeForm, unknown, z.output<typeof ZOfficeForm>>({
    resolver: zodResolver(ZOfficeForm),
    defaultValues: { officeData: c.officeData },
  });
  const s = useSave<TOfficeForm>(form.setError, 'officeData', Object.keys(c.officeData));
  const ctl = form.control;
  const submit = form.handleSubmit((v) => {
    s.clear();
    save.mutate(
      { officeData: v.officeData, version: c.version },
      { onSuccess: () => snack(`${visa} information saved.`, 'success'), onError: s.fail },
    );
  });
  const j1 = visa === 'J-1';
  return (
    <FormCard
      title={`${visa} Information`}
      canEdit={c.canManage}
      busy={save.isPending}
      error={s.error}
      onSubmit={() => void submit()}
      note={
        j1
          ? 'The exchange visitor program as the office records it.'
          : "The office's petition data. Departments see this tab only when the Account Settings allow it."
      }
    >
      <Grid container columnSpacing={2}>
        {officeFieldGroupsOf(visa).map((g) => (
          <Fragment key={g.title}>
            {g.fields.length > 1 || g.fields[0]?.label !== g.title ? (
              <Grid size={{ xs: 12 }}>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 1.5 }}>
                  {g.title}
                </Typography>
              </Grid>
            ) : null}
            {g.fields.map((f) => (
              <OfficeField key={f.key} c={ctl} f={f} />
            ))}
          </Fragment>
        ))}
      </Grid>
    </FormCard>
  );
}

const ZPremiumForm = z.object({ premiumProcessing: scholarsApi.ZPremiumProcessing });
type TPremiumForm = z.input<typeof ZPremiumForm>;

/** Premium processing of the petition: the flag, receipt number, dates and fee. */
export function PremiumProcessingForm({ c }: { c: TCase }) {
  const save = useUpdatePremiumProcessing(c.id);
  const form = useForm<TPremiumForm, unknown, z.output<typeof ZPremiumForm>>({
    resolver: zodResolver(ZPremiumForm),
    defaultValues: { premiumProcessing: c.premiumProcessing },
  });
  const s = useSave<TPremiumForm>(form.setError, 'premiumProcessing', Object.keys(c.premiumProcessing));
  const ctl = form.control;
  const submit = form.handleSubmit((v) => {
    s.clear();
    save.mutate(
      { premiumProcessing: v.premiumProcessing, version: c.version },
      { onSuccess: () => snack('Premium processing saved.', 'success'), onError: s.fail },
    );
  });
  return (
    <FormCard title="Premium processing" canEdit={c.canManage} busy={save.isPending} error={s.error} onSubmit={() => void submit()}>
      <Controller
        control={ctl}
        name="premiumProcessing.premiumProcessFlag"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} />}
            label="Premium processing requested"
          />
        )}
      />
      <Grid container columnSpacing={2} sx={{ mt: 1 }}>
        <Text c={ctl} n="premiumProcessing.receiptNumber" label="Receipt number" help="3 letters and 10 digits" max={13} />
        <DateCol c={ctl} n="premiumProcessing.requestedDate" label="Requested date" />
        <Text c={ctl} n="premiumProcessing.fee" label="Fee (USD)" numeric max={9} />
        <DateCol c={ctl} n="premiumProcessing.decisionDate" label="Decision date" />
      </Grid>
    </FormCard>
  );
}

const ZEmploymentForm = z.object({ employment: scholarsApi.ZEmploymentDetails });
type TEmploymentForm = z.input<typeof ZEmploymentForm>;

/** Employment details and the employment flags (the OPT export reads them). */
export function EmploymentDetailsForm({ c }: { c: TCase }) {
  const save = useUpdateEmploymentDetails(c.id);
  const form = useForm<TEmploymentForm, unknown, z.output<typeof ZEmploymentForm>>({
    resolver: zodResolver(ZEmploymentForm),
    defaultValues: { employment: c.employment },
  });
  const s = useSave<TEmploymentForm>(form.setError, 'employment', Object.keys(c.employment));
  const ctl = form.control;
  const submit = form.handleSubmit((v) => {
    s.clear();
    save.mutate(
      { employment: v.employment, version: c.version },
      { onSuccess: () => snack('Employment details saved.', 'success'), onError: s.fail },
    );
  });
  return (
    <FormCard title="Employment details" canEdit={c.canManage} busy={save.isPending} error={s.error} onSubmit={() => void submit()}>
      <Grid container columnSpacing={2}>
        <Text c={ctl} n="employment.employerName" label="Employer" max={60} sm={8} help="Letters, digits, spaces and , . / : ' # & -" />
        <Text c={ctl} n="employment.jobTitle" label="Job title" max={60} help="Letters, digits, commas and spaces" />
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            control={ctl}
            name="employment.hoursPerWeek"
            render={({ field, fieldState }) => (
              <FormTextSafe label="Hours per week" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        </Grid>
        <Text c={ctl} n="employment.wages" label="Wages (USD)" numeric max={9} />
        <Unit c={ctl} n="employment.wageUnit" />
        <DateCol c={ctl} n="employment.startDate" label="Start date" />
        <DateCol c={ctl} n="employment.endDate" label="End date" />
      </Grid>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
        <FormLabel component="legend">Employment type</FormLabel>
        <FormGroup row>
          {EMPLOYMENT_FLAGS.map((f) => (
            <Controller
              key={f.key}
              control={ctl}
              name={`employment.${f.key}`}
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={f.label}
                />
              )}
            />
          ))}
        </FormGroup>
      </Box>
    </FormCard>
  );
}

/** A whole number typed as text, kept as a number (or null when empty). */
function FormTextSafe({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: unknown;
  onChange: (v: number | null | string) => void;
  error?: string | undefined;
}) {
  return (
    <FormTextFieldPlain
      label={label}
      value={value === null || value === undefined ? '' : textOf(value)}
      error={error}
      onChange={(t) => onChange(t.trim() === '' ? null : /^\d+(\.\d+)?$/.test(t.trim()) ? Number(t) : t)}
    />
  );
}

function FormTextFieldPlain({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (t: string) => void;
  error?: string | undefined;
}) {
  return (
    <MuiText
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? '0 to 168'}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 5 } }}
    />
  );
}
