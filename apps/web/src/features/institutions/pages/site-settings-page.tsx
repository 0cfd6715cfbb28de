import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Grid, Paper, TextField, Typography } from '@mui/material';
import { institutionsApi, messagesApi, MSG, type TInstitutionSettings, type TUpdateInstitutionSettingsInput } from '@meridian/domain';
import type { z } from 'zod';
import { useGetInstitutionSettings } from '../api/get-institution-settings';
import { useUpdateInstitutionSettings } from '../api/update-institution-settings';
import { deleteLogo, precheckLogo, uploadLogo } from '../api/logo';
import { BrandPreview } from '../components/brand-preview';
import { LogoField, useFileDataUrl, type TLogoChoice } from '../components/logo-field';
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';
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
    studentLoginWelcomeText,
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
    mailRetentionDays,
  } = s;
  return {
    accountName,
    primaryColor,
    secondaryColor,
    logoImageURL,
    loginWelcomeText,
    studentLoginWelcomeText,
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
    mailRetentionDays,
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
  const [logo, setLogo] = useState<TLogoChoice>({ file: null, remove: false });
  const [logoError, setLogoError] = useState<string | null>(null);
  const [savingLogo, setSavingLogo] = useState(false);
  const { control, handleSubmit, reset, setError, formState, trigger } = useForm<TForm, unknown, TUpdateInstitutionSettingsInput>({
    resolver: zodResolver(institutionsApi.ZUpdateInstitutionSettingsInput),
  });
  useEffect(() => {
    if (settings.data) reset(toForm(settings.data));
  }, [settings.data, reset]);
  const [primaryColor, secondaryColor, accountName, logoImageURL, loginWelcomeText] = useWatch({
    control,
    name: ['primaryColor', 'secondaryColor', 'accountName', 'logoImageURL', 'loginWelcomeText'],
  });
  // A colour's contrast is said on its field as soon as it is a whole colour, not only when saving.
  useEffect(() => {
    if (/^#[0-9a-fA-F]{6}$/.test(primaryColor ?? '')) void trigger('primaryColor');
  }, [primaryColor, trigger]);
  useEffect(() => {
    if (/^#[0-9a-fA-F]{6}$/.test(secondaryColor ?? '')) void trigger('secondaryColor');
  }, [secondaryColor, trigger]);
  const chosenLogoUrl = useFileDataUrl(logo.file);

  if (settings.isPending) return <PageLoader />;
  if (!settings.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const uploaded = settings.data.logoUpload;
  const logoChanged = !!logo.file || logo.remove;
  const busy = save.isPending || savingLogo;
  const previewLogo = chosenLogoUrl || (uploaded && !logo.remove ? uploaded.url : '') || (logoImageURL ?? '').trim();

  const chooseLogo = (choice: TLogoChoice) => {
    const problem = choice.file ? precheckLogo(choice.file) : null;
    setLogoError(problem);
    if (!problem) setLogo(choice);
  };

  /** The logo first (a refused file stops the save, nothing else changes), then the settings. */
  const onValid = async (v: TUpdateInstitutionSettingsInput) => {
    setFormError(null);
    setLogoError(null);
    if (logoChanged) {
      setSavingLogo(true);
      try {
        if (logo.file) await uploadLogo(logo.file);
        else await deleteLogo();
        setLogo({ file: null, remove: false });
        void settings.refetch();
      } catch (e) {
        setSavingLogo(false);
        if (isApiError(e) && e.status < 500 && e.status !== 401 && e.status !== 403) setLogoError(e.fieldErrors?.file?.[0] ?? e.message);
        else handleApiError(e);
        return;
      }
      setSavingLogo(false);
    }
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
      <UnsavedChangesGuard when={(formState.isDirty || logoChanged) && !busy} />
      <PageHeader
        title="Site Settings"
        subtitle="How the portal looks and behaves for your institution. Changes apply as soon as you save."
        actions={
          <Button
            type="submit"
            variant="contained"
            disabled={!(formState.isDirty || logoChanged) || busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
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
              <FormColorField
                control={control}
                name="primaryColor"
                label="Primary colour"
                helperText="App bar, buttons and the login button, as #RRGGBB: white text on it needs at least 4.5:1"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormColorField
                control={control}
                name="secondaryColor"
                label="Secondary colour"
                helperText="Accents and the notification count, as #RRGGBB: white or dark text on it needs at least 4.5:1"
              />
            </Grid>
          </Grid>
          <LogoField uploaded={uploaded} choice={logo} error={logoError} onChange={chooseLogo} />
          <FormTextField
            control={control}
            name="logoImageURL"
            label="Logo address"
            helperText={
              uploaded && !logo.remove
                ? 'A full https:// address of a logo image, used when no logo is uploaded (optional)'
                : 'A full https:// address of the logo image, instead of uploading one (optional)'
            }
          />
        </Section>
        <Section title="Preview">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            How the portal will look with these settings: the app bar and buttons, and the login page. Nothing changes until you save.
          </Typography>
          <BrandPreview
            primaryColor={primaryColor ?? ''}
            secondaryColor={secondaryColor ?? ''}
            accountName={accountName ?? ''}
            logoSrc={previewLogo}
            loginWelcomeText={loginWelcomeText ?? ''}
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
          <FormTextField
            control={control}
            name="loginWelcomeText"
            label="Welcome text of the scholar and staff sign-in"
            required
            helperText="Greets scholars, departments and office staff on their sign-in page"
          />
          <FormTextField
            control={control}
            name="studentLoginWelcomeText"
            label="Welcome text of the student sign-in"
            required
            helperText="Greets students on the student sign-in page"
          />
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
          <Controller
            control={control}
            name="mailRetentionDays"
            render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                type="number"
                label="Keep sent e-mail for (days)"
                value={value ?? ''}
                onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ??
                  `Older messages are deleted each day (at least ${messagesApi.MAIL_RETENTION_MIN_DAYS} days; ${messagesApi.MAIL_RETENTION_DEFAULT_DAYS} is two years)`
                }
                slotProps={{ htmlInput: { min: messagesApi.MAIL_RETENTION_MIN_DAYS, step: 1 } }}
              />
            )}
          />
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
