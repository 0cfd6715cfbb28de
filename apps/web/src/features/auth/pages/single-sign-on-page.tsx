import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { authApi } from '@meridian/domain';
import type { z } from 'zod';
import { useDocumentTitle } from '../../../app/use-document-title';
import { FormSwitch } from '../../../ui/form/form-switch';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { UnsavedChangesGuard } from '../../../shells/guards/unsaved-changes-guard';
import { useGetSsoConfig, useSaveSsoConfig } from '../api/sso-config';

type TForm = z.input<typeof authApi.ZSaveSsoConfigInput>;
const FIELDS = ['enabled', 'issuer', 'clientId', 'clientSecret', 'scopes', 'matchClaim', 'allowedRoles'] as const;
const ROLE_LABELS: Record<(typeof authApi.SSO_ROLES)[number], string> = {
  ISSSstudent: 'Students',
  scholar: 'Scholars',
  department: 'Department users',
  isssAdmin: 'Office staff',
};

/** #/admin/single-sign-on (Configuration > Single Sign-On): the campus identity provider (OpenID Connect). */
export function SingleSignOnPage() {
  useDocumentTitle('Single Sign-On');
  const config = useGetSsoConfig();
  const save = useSaveSsoConfig();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TForm, unknown, authApi.TSaveSsoConfigInput>({ resolver: zodResolver(authApi.ZSaveSsoConfigInput) });
  const { control, handleSubmit, setError, reset, formState } = form;

  useEffect(() => {
    if (!config.data) return;
    const c = config.data;
    reset({
      enabled: c.enabled,
      issuer: c.issuer,
      clientId: c.clientId,
      clientSecret: '',
      scopes: c.scopes,
      matchClaim: c.matchClaim,
      allowedRoles: c.allowedRoles.filter((r): r is (typeof authApi.SSO_ROLES)[number] =>
        (authApi.SSO_ROLES as readonly string[]).includes(r),
      ),
    });
  }, [config.data, reset]);

  if (config.isPending) return <PageLoader />;
  if (config.isError || !config.data) return <Alert severity="error">The single sign-on settings could not be loaded.</Alert>;
  const c = config.data;

  const onValid = (v: authApi.TSaveSsoConfigInput) => {
    setFormError(null);
    save.mutate(v, {
      onSuccess: () => snack('The single sign-on settings were saved.', 'success'),
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Single Sign-On"
        subtitle="Let students, scholars and staff sign in with your institution's identity provider (OpenID Connect: Microsoft Entra ID, Okta, Google, Shibboleth OIDC)."
      />
      <UnsavedChangesGuard when={formState.isDirty && !save.isPending} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 820 }}>
        <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
            Register this portal at your identity provider
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Give your identity team this redirect URI; they give you the issuer address, a client ID and a client secret.
          </Typography>
          <TextField
            label="Redirect URI"
            value={c.redirectUri}
            fullWidth
            sx={{ mb: 3 }}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            helperText="From the portal address in Site Settings."
          />
          <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
            Identity provider
          </Typography>
          <FormTextField
            control={control}
            name="issuer"
            label="Issuer URL"
            required
            fullWidth
            sx={{ mb: 2 }}
            helperText="e.g. https://login.microsoftonline.com/<tenant>/v2.0"
          />
          <FormTextField control={control} name="clientId" label="Client ID" required fullWidth sx={{ mb: 2 }} />
          <FormTextField
            control={control}
            name="clientSecret"
            label="Client secret"
            type="password"
            autoComplete="new-password"
            required={!c.hasClientSecret}
            fullWidth
            sx={{ mb: 2 }}
            helperText={c.hasClientSecret ? 'A secret is saved. Leave blank to keep it.' : 'Kept encrypted; never shown again.'}
          />
          <FormTextField control={control} name="scopes" label="Scopes" fullWidth sx={{ mb: 3 }} helperText="openid is always asked for." />
          <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
            Who may sign in this way
          </Typography>
          <FormTextField
            control={control}
            name="matchClaim"
            label="Claim that names the account"
            required
            fullWidth
            sx={{ mb: 2 }}
            helperText="Its value must equal the person's user name here, e.g. preferred_username or an employee ID claim. Never the e-mail address."
          />
          <Controller
            control={control}
            name="allowedRoles"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={!!fieldState.error} required sx={{ mb: 2, display: 'block' }}>
                <FormLabel component="legend">Kinds of accounts</FormLabel>
                <FormGroup row>
                  {authApi.SSO_ROLES.map((r) => (
                    <FormControlLabel
                      key={r}
                      label={ROLE_LABELS[r]}
                      control={
                        <Checkbox
                          checked={(field.value ?? []).includes(r)}
                          onChange={(e) => {
                            const now = field.value ?? [];
                            field.onChange(e.target.checked ? [...now, r] : now.filter((x) => x !== r));
                          }}
                          inputRef={r === 'ISSSstudent' ? field.ref : undefined}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <FormHelperText>
                  {fieldState.error?.message ?? 'Only existing, active accounts sign in: nobody is created by signing in.'}
                </FormHelperText>
              </FormControl>
            )}
          />
          <FormSwitch
            control={control}
            name="enabled"
            label="Single sign-on is on"
            helperText="Turn on Site Settings › Show the campus ID login button as well, so the login pages offer it."
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {save.isPending ? 'Checking the provider…' : 'Save'}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
