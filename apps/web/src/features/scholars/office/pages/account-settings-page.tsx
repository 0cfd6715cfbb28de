import { useState } from 'react';
import { useFieldArray, useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { scholarsApi, type TScholarAccountSettings } from '@meridian/domain';
import { z } from 'zod';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { useGetScholarAccountSettings, useUpdateScholarAccountSettings } from '../api/account-settings';

// The form keeps offsets as rows ({ days }) for the field array; the contract's rules check them as numbers.
const ZForm = z.object({
  h1bInfoVisibleToDept: z.boolean(),
  o1InfoVisibleToDept: z.boolean(),
  offsets: z.array(z.object({ days: z.string() })),
});
type TForm = z.infer<typeof ZForm>;
const toForm = (s: TScholarAccountSettings): TForm => ({ ...s, offsets: s.endDateAlertOffsets.map((d) => ({ days: String(d) })) });

function SettingsForm({ settings }: { settings: TScholarAccountSettings }) {
  const save = useUpdateScholarAccountSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const [offsetsError, setOffsetsError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<TForm>({
    resolver: zodResolver(ZForm),
    defaultValues: toForm(settings),
  });
  const rows = useFieldArray({ control, name: 'offsets' });
  const onValid = (v: TForm) => {
    setFormError(null);
    setOffsetsError(null);
    const body = {
      h1bInfoVisibleToDept: v.h1bInfoVisibleToDept,
      o1InfoVisibleToDept: v.o1InfoVisibleToDept,
      endDateAlertOffsets: v.offsets.map((o) => (o.days.trim() === '' ? NaN : Number(o.days))),
    };
    // The same rules as the server, before sending: whole days 1 to 365, each different.
    const checked = scholarsApi.ZAccountSettingsInput.safeParse(body);
    if (!checked.success) {
      setOffsetsError(checked.error.issues[0]?.message ?? 'Invalid value');
      return;
    }
    save.mutate(checked.data, {
      onSuccess: (s) => {
        reset(toForm(s));
        snack('Account settings saved.', 'success');
      },
      onError: (e) => {
        const msg = handleFormError(e, setError, ['h1bInfoVisibleToDept', 'o1InfoVisibleToDept']);
        const fe = (e as { fieldErrors?: Record<string, string[]> }).fieldErrors;
        const off = fe ? Object.entries(fe).find(([k]) => k.startsWith('endDateAlertOffsets'))?.[1]?.[0] : undefined;
        if (off) setOffsetsError(off);
        else setFormError(msg);
      },
    });
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        {formError ? (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Paper variant="outlined" component="section" aria-labelledby="visibility-title" sx={{ p: 2 }}>
          <Typography id="visibility-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
            What departments see
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The office's H-1B and O-1 information of a case (LCA, SOC code, wages, worksite) appears to the hiring department only when
            allowed here.
          </Typography>
          {(['h1bInfoVisibleToDept', 'o1InfoVisibleToDept'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ display: 'flex' }}
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} />}
                  label={
                    name === 'h1bInfoVisibleToDept' ? 'Departments see the H-1B Information tab' : 'Departments see the O-1 Information tab'
                  }
                />
              )}
            />
          ))}
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="alerts-title" sx={{ p: 2 }}>
          <Typography id="alerts-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
            End-date alerts
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The office and the department are alerted this many days before an H-1B, O-1 or J-1 case ends. Default: 60 and 30 days.
          </Typography>
          <Stack spacing={1}>
            {rows.fields.map((row, i) => (
              <Box key={row.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Controller
                  control={control}
                  name={`offsets.${i}.days`}
                  render={({ field }) => (
                    <TextField
                      {...field}
                      inputRef={field.ref}
                      label={`Alert ${i + 1}: days before the end date`}
                      size="small"
                      sx={{ width: 280 }}
                      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                      error={!!offsetsError}
                    />
                  )}
                />
                <IconButton aria-label={`Remove alert ${i + 1}`} onClick={() => rows.remove(i)} disabled={rows.fields.length <= 1}>
                  <DeleteOutline />
                </IconButton>
              </Box>
            ))}
          </Stack>
          {offsetsError ? (
            <FormHelperText error role="alert">
              {offsetsError}
            </FormHelperText>
          ) : null}
          <Button startIcon={<Add />} sx={{ mt: 1 }} onClick={() => rows.append({ days: '' })} disabled={rows.fields.length >= 6}>
            Add an alert
          </Button>
        </Paper>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              reset(toForm(settings));
              setOffsetsError(null);
            }}
            disabled={!formState.isDirty || save.isPending}
          >
            Discard changes
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Save settings
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** #/admin/account-settings: Account Settings for H-1B and O-1 (scholars.configure). */
export function AccountSettingsPage() {
  useDocumentTitle('Account Settings for H-1B and O-1');
  const q = useGetScholarAccountSettings();
  return (
    <Box>
      <PageHeader
        title="Account Settings for H-1B and O-1"
        subtitle="What hiring departments see of a case, and when the office is alerted that a case is ending."
      />
      {q.isPending ? (
        <PageLoader />
      ) : q.data ? (
        <SettingsForm settings={q.data} />
      ) : (
        <Alert severity="error">The settings could not be loaded.</Alert>
      )}
    </Box>
  );
}
