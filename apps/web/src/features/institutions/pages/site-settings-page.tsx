import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import { institutionsApi, MSG, type TInstitutionSettings, type TUpdateInstitutionSettingsInput } from '@meridian/domain';
import type { z } from 'zod';
import { useGetInstitutionSettings } from '../api/get-institution-settings';
import { useUpdateInstitutionSettings } from '../api/update-institution-settings';
import { useDocumentTitle } from '../../../app/use-document-title';
import { UnsavedChangesGuard } from '../../../shells/guards/unsaved-changes-guard';
import { FormTextField } from '../../../ui/form/form-text-field';
import { FormColorField } from '../../../ui/form/form-color-field';
import { FormSwitch } from '../../../ui/form/form-switch';
import { FormTimeZoneField } from '../../../ui/form/form-time-zone-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';

type TForm = z.input<typeof institutionsApi.ZUpdateInstitutionSettingsInput>;
const FIELDS = Object.keys(institutionsApi.ZUpdateInstitutionSettingsInput.shape);

function toForm(s: TInstitutionSettings): TForm {
  const {
    accountName,
    primaryColor,
    secondaryColor,
    logoImageURL,
    loginWelcomeText,
    loginButtonText,
    showCampusIdLoginBtn,
    NewStudentUIEnabled,
    IsScholarEnabled,
    scholarSisUpdatesFlag,
    Remote_login_url,
    Remote_logout_url,
    timeZone,
    publicBaseUrl,
    primaryContactEmail,
  } = s;
  return {
    accountName,
    primaryColor,
    secondaryColor,
    logoImageURL,
    loginWelcomeText,
    loginButtonText,
    showCampusIdLoginBtn,
    NewStudentUIEnabled,
    IsScholarEnabled,
    scholarSisUpdatesFlag,
    Remote_login_url,
    Remote_logout_url,
    timeZone,
    publicBaseUrl,
    primaryContactEmail,
  };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** #/admin/site-settings (super users): branding, login texts, switches and addresses. */
export function SiteSettingsPage() {
  useDocumentTitle('Site Settings');
  const settings = useGetInstitutionSettings();
  const save = useUpdateInstitutionSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<TForm, unknown, TUpdateInstitutionSettingsInput>({
    resolver: zodResolver(institutionsApi.ZUpdateInstitutionSettingsInput),
  });
  useEffect(() => {
    if (settings.data) reset(toForm(settings.data));
  }, [settings.data, reset]);

  if (settings.isPending) return <PageLoader />;
  if (!settings.data) return <Alert severity="error">{MSG.defaultError}</Alert>;

  const onValid = (v: TUpdateInstitutionSettingsInput) => {
    setFormError(null);
    save.mutate(v, {
      onSuccess: (saved) => {
        reset(toForm(saved));
        snack('Site settings saved.', 'success');
      },
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
    });
  };

  return (
    <Box component="form" noValidate aria-labelledby="site-settings-title" onSubmit={(e) => void handleSubmit(onValid)(e)}>
      <UnsavedChangesGuard when={formState.isDirty && !save.isPending} />
      <PageHeader
        title="Site Settings"
        subtitle="How the portal looks and behaves for your institution. Changes apply as soon as you save."
        actions={
          <Button
            type="submit"
            variant="contained"
            disabled={!formState.isDirty || save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Save settings
          </Button>
        }
      />
      {formError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section title="Institution and colours">
          <FormTextField control={control} name="accountName" label="Institution name" required />
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormColorField control={control} name="primaryColor" label="Primary colour" helperText="App bar and buttons, as #RRGGBB" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormColorField control={control} name="secondaryColor" label="Secondary colour" helperText="Accents, as #RRGGBB" />
            </Grid>
          </Grid>
          <FormTextField
            control={control}
            name="logoImageURL"
            label="Logo address"
            helperText="A full https:// address of the logo image (optional)"
          />
        </Section>
        <Section title="Dates">
          <FormTimeZoneField
            control={control}
            name="timeZone"
            label="Time zone of the office"
            required
            helperText="Today, deadlines, OPT windows and the dates of forms issued are the office's calendar day in this zone"
          />
        </Section>
        <Section title="Login page">
          <FormTextField control={control} name="loginWelcomeText" label="Welcome text" required />
          <FormTextField control={control} name="loginButtonText" label="Institution sign-on button text" required />
          <FormSwitch
            control={control}
            name="showCampusIdLoginBtn"
            label="Show the institution sign-on button"
            helperText="Shown only when single sign-on is configured for the institution."
          />
        </Section>
        <Section title="Features">
          <FormSwitch control={control} name="IsScholarEnabled" label="Scholar module enabled" />
          <FormSwitch control={control} name="NewStudentUIEnabled" label="New student interface enabled" on="1" off="0" />
          <FormSwitch control={control} name="scholarSisUpdatesFlag" label="Scholar HR updates from the SIS" />
        </Section>
        <Section title="Addresses and contact">
          <FormTextField
            control={control}
            name="publicBaseUrl"
            label="Public address of the portal"
            required
            helperText="Links in e-mails start with this address"
          />
          <FormTextField control={control} name="primaryContactEmail" label="Primary contact e-mail" type="email" />
          <FormTextField
            control={control}
            name="Remote_login_url"
            label="Remote login address"
            helperText="Optional single sign-on start page"
          />
          <FormTextField
            control={control}
            name="Remote_logout_url"
            label="Remote logout address"
            helperText="Optional page users reach after logging out"
          />
        </Section>
      </Box>
    </Box>
  );
}
