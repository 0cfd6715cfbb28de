import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROPOSED_STATUSES, scholarsApi } from '@meridian/domain';
import { DateInput } from '../../../../ui/date-input';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { useSaveSponsorship } from '../api/save-sponsorship';

type TValues = scholarsApi.TSponsorshipInput;
const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'proposedStatus',
  'proposedStartDate',
  'proposedEndDate',
  'position',
  'hiringAuthorityName',
  'hiringAuthorityEmail',
] as const;
const EMPTY: TValues = {
  firstName: '',
  lastName: '',
  email: '',
  proposedStatus: '' as TValues['proposedStatus'],
  proposedStartDate: '',
  proposedEndDate: '',
  position: '',
  hiringAuthorityName: '',
  hiringAuthorityEmail: '',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 0, alignItems: 'start' }}>
        {children}
      </Box>
    </Paper>
  );
}

/**
 * The sponsorship request form (New Sponsorship Request and editing a draft): the same schema as the
 * server, so 'Saving a scholar needs a hiring authority name' shows on its field before and after saving.
 */
export function SponsorshipForm({
  existing,
  departmentName,
  onSaved,
}: {
  existing?: scholarsApi.TDeptCase;
  departmentName: string;
  onSaved: (c: scholarsApi.TDeptCase, created: boolean) => void;
}) {
  const save = useSaveSponsorship();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TValues>({
    resolver: zodResolver(scholarsApi.ZSponsorshipInput) as never,
    defaultValues: existing
      ? {
          firstName: existing.firstName,
          lastName: existing.lastName,
          email: existing.email,
          proposedStatus: existing.proposedStatus as TValues['proposedStatus'],
          proposedStartDate: existing.proposedStartDate ?? '',
          proposedEndDate: existing.proposedEndDate ?? '',
          position: existing.position,
          hiringAuthorityName: existing.hiringAuthorityName,
          hiringAuthorityEmail: existing.hiringAuthorityEmail,
        }
      : EMPTY,
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState<{ c: scholarsApi.TDeptCase; created: boolean } | null>(null);
  // Told after the render that follows the save (the form is no longer dirty, so leaving is not
  // held up); the latest callback is used without making a new one re-announce the save.
  const onSavedRef = useRef(onSaved);
  useLayoutEffect(() => {
    onSavedRef.current = onSaved;
  });
  useEffect(() => {
    if (saved) onSavedRef.current(saved.c, saved.created);
  }, [saved]);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const c = await save.mutateAsync({ applicationId: existing?.applicationId, body: v, version: existing?.version });
      form.reset(v);
      snack(existing ? 'The sponsorship request was saved.' : 'The sponsorship request was saved as a draft.', 'success');
      setSaved({ c, created: !existing });
    } catch (e) {
      setError(handleFormError(e, form.setError, FIELDS));
    }
  });
  const c = form.control;
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Sponsorship request">
      <UnsavedChangesGuard when={form.formState.isDirty && !saved} />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        <Section title="Scholar">
          <FormTextField
            control={c}
            name="firstName"
            label="First name"
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <FormTextField
            control={c}
            name="lastName"
            label="Last name"
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <FormTextField
            control={c}
            name="email"
            label="E-mail"
            type="email"
            required
            autoComplete="off"
            helperText="The scholar's own address: the invitation and sign-in use it."
            slotProps={{ htmlInput: { maxLength: 65 } }}
          />
        </Section>
        <Section title="Sponsorship">
          <Controller
            control={c}
            name="proposedStatus"
            render={({ field, fieldState }) => (
              <FormControl required error={!!fieldState.error} margin="normal" fullWidth>
                <InputLabel id="proposed-status">Proposed status</InputLabel>
                <Select
                  labelId="proposed-status"
                  label="Proposed status"
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                >
                  {PROPOSED_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {s}
                    </MenuItem>
                  ))}
                </Select>
                <FormHelperText>{fieldState.error?.message ?? 'Choose Don’t Know if unsure: the office decides.'}</FormHelperText>
              </FormControl>
            )}
          />
          <FormTextField control={c} name="position" label="Position" required slotProps={{ htmlInput: { maxLength: 120 } }} />
          <Controller
            control={c}
            name="proposedStartDate"
            render={({ field, fieldState }) => (
              <DateInput
                label="Proposed start date"
                required
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={c}
            name="proposedEndDate"
            render={({ field, fieldState }) => (
              <DateInput
                label="Proposed end date"
                required
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <FormTextField
            control={c}
            name="hiringAuthorityName"
            label="Hiring authority name"
            required
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <FormTextField
            control={c}
            name="hiringAuthorityEmail"
            label="Hiring authority e-mail"
            type="email"
            slotProps={{ htmlInput: { maxLength: 65 } }}
          />
          <TextField
            label="Department"
            value={departmentName}
            helperText="Your department (set by your account)"
            slotProps={{ input: { readOnly: true } }}
          />
        </Section>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" startIcon={<SaveOutlined />} disabled={form.formState.isSubmitting}>
          {existing ? 'Save changes' : 'Save as draft'}
        </Button>
      </Stack>
    </Box>
  );
}
