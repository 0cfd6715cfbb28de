import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Grid, Link, Typography } from '@mui/material';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, MSG, setupApi, type TSetupInput } from '@meridian/domain';
import type { z } from 'zod';
import { useGetSetupStatus } from '../api/get-setup-status';
import { useCompleteSetup } from '../api/complete-setup';
import { DEFAULT_BRANDING } from '../../../app/branding';
import { useDocumentTitle } from '../../../app/use-document-title';
import { FormTextField } from '../../../ui/form/form-text-field';
import { FormColorField } from '../../../ui/form/form-color-field';
import { FormTimeZoneField } from '../../../ui/form/form-time-zone-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { PasswordField } from '../../auth';

type TForm = z.input<typeof setupApi.ZSetupInput>;
const FIELDS = [
  'institutionName',
  'primaryColor',
  'secondaryColor',
  'publicBaseUrl',
  'timeZone',
  'firstName',
  'lastName',
  'email',
  'userName',
  'password',
  'confirmPassword',
] as const;

/** The zone of the browser doing the set-up (usually the office's own) when the runtime knows it, else the default. */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** #/configuration-setup-wizard: the first institution and its first super user. */
export function SetupWizardPage() {
  useDocumentTitle('Configuration Setup Wizard');
  const navigate = useNavigate();
  const status = useGetSetupStatus();
  const complete = useCompleteSetup();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TForm, unknown, TSetupInput>({
    resolver: zodResolver(setupApi.ZSetupInput),
    defaultValues: {
      institutionName: '',
      primaryColor: DEFAULT_BRANDING.primaryColor,
      secondaryColor: DEFAULT_BRANDING.secondaryColor,
      publicBaseUrl: window.location.origin,
      timeZone: browserTimeZone(),
      firstName: '',
      lastName: '',
      email: '',
      userName: '',
      password: '',
      confirmPassword: '',
    },
  });

  if (status.isPending) return <PageLoader minHeight={200} />;
  if (status.data && !status.data.setupRequired && !complete.isSuccess) {
    return (
      <Box>
        <Typography variant="h1" component="h1" align="center" gutterBottom>
          Configuration Setup Wizard
        </Typography>
        <Alert severity="info">{MSG.setupDone}</Alert>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">
            Go to Login
          </Link>
        </Box>
      </Box>
    );
  }

  const onValid = (v: TSetupInput) => {
    setFormError(null);
    complete.mutate(v, {
      onSuccess: () => {
        snack('The portal is set up. Please log in with the super user you just created.', 'success', 6000);
        void navigate('/login', { replace: true });
      },
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
    });
  };

  return (
    <Box component="form" noValidate aria-labelledby="setup-title" onSubmit={(e) => void handleSubmit(onValid)(e)}>
      <Typography id="setup-title" variant="h1" component="h1" gutterBottom>
        Configuration Setup Wizard
      </Typography>
      <Typography color="text.secondary">
        Welcome. Tell us about your office and create the first super user; you can change the look and texts later under Configuration &gt;
        Site Settings.
      </Typography>
      {formError ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Typography variant="h2" component="h2" sx={{ mt: 3 }}>
        Institution
      </Typography>
      <FormTextField control={control} name="institutionName" label="Institution name" required autoFocus />
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormColorField control={control} name="primaryColor" label="Primary colour" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormColorField control={control} name="secondaryColor" label="Secondary colour" />
        </Grid>
      </Grid>
      <FormTextField
        control={control}
        name="publicBaseUrl"
        label="Public address of the portal"
        helperText="Links in e-mails start with this address, e.g. https://isss.example.edu"
        required
      />
      <FormTimeZoneField
        control={control}
        name="timeZone"
        label="Time zone of the office"
        required
        helperText="Today, deadlines and OPT windows are the office's calendar day in this zone"
      />
      <Typography variant="h2" component="h2" sx={{ mt: 3 }}>
        First super user
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="firstName" label="First name" autoComplete="given-name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="userName" label="User name" autoComplete="username" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField control={control} name="password" label="Password" autoComplete="new-password" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField control={control} name="confirmPassword" label="Repeat password" autoComplete="new-password" required />
        </Grid>
      </Grid>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={complete.isPending}
        aria-busy={complete.isPending}
        startIcon={complete.isPending ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
        sx={{ mt: 3 }}
      >
        Finish setup
      </Button>
    </Box>
  );
}
