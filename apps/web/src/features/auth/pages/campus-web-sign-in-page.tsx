import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
  Radio,
  RadioGroup,
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
import { useGetExternalLoginConfig, useSaveExternalLoginConfig } from '../api/external-login';

type TForm = z.input<typeof authApi.ZSaveExternalLoginConfigInput>;
type TRole = (typeof authApi.EXTERNAL_LOGIN_ROLES)[number];
const FIELDS = ['enabled', 'algorithm', 'sharedSecret', 'publicKey', 'issuer', 'audience', 'matchClaim', 'allowedRoles'] as const;
const ROLE_LABELS: Record<TRole, string> = {
  ISSSstudent: 'Students',
  scholar: 'Scholars',
  department: 'Department users',
  isssAdmin: 'Office staff',
};
const ALGORITHM_LABELS: Record<(typeof authApi.EXTERNAL_LOGIN_ALGORITHMS)[number], string> = {
  HS256: 'HS256: a shared secret',
  RS256: 'RS256: an RSA key pair',
  ES256: 'ES256: an elliptic-curve (P-256) key pair',
};

/** The claims a campus proxy writes, as the page shows them (docs/product/external-login.md#the-token). */
function exampleClaims(c: authApi.TExternalLoginConfig, issuer: string, claim: string): string {
  const iat = 1767225600;
  return JSON.stringify(
    {
      iss: issuer || 'https://webauth.example.edu',
      aud: c.expectedAudience,
      [claim || 'sub']: 'jdoe',
      iat,
      exp: iat + 120,
      jti: '6f1c2b7e-52a4-4d1c-9a51-0c7e1f3d2b10',
      amr: ['pwd', 'mfa'],
    },
    null,
    2,
  ).replace(/\[\s+"pwd",\s+"mfa"\s+\]/, '["pwd", "mfa"]');
}

/** #/admin/campus-web-sign-in (Configuration > Campus Web Sign-In): sign-in through a campus web-SSO proxy's AUTHN cookie. */
export function CampusWebSignInPage() {
  useDocumentTitle('Campus Web Sign-In');
  const config = useGetExternalLoginConfig();
  const save = useSaveExternalLoginConfig();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TForm, unknown, authApi.TSaveExternalLoginConfigInput>({
    resolver: zodResolver(authApi.ZSaveExternalLoginConfigInput),
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  const algorithm = useWatch({ control, name: 'algorithm' }) ?? 'HS256';
  const issuer = useWatch({ control, name: 'issuer' }) ?? '';
  const matchClaim = useWatch({ control, name: 'matchClaim' }) ?? 'sub';

  useEffect(() => {
    if (!config.data) return;
    const c = config.data;
    reset({
      enabled: c.enabled,
      algorithm: c.algorithm,
      sharedSecret: '',
      publicKey: c.publicKey,
      issuer: c.issuer,
      audience: c.audience,
      matchClaim: c.matchClaim,
      allowedRoles: c.allowedRoles.filter((r): r is TRole => (authApi.EXTERNAL_LOGIN_ROLES as readonly string[]).includes(r)),
    });
  }, [config.data, reset]);

  if (config.isPending) return <PageLoader />;
  if (config.isError || !config.data) return <Alert severity="error">The campus web sign-in settings could not be loaded.</Alert>;
  const c = config.data;

  const onValid = (v: authApi.TSaveExternalLoginConfigInput) => {
    setFormError(null);
    save.mutate(v, {
      onSuccess: () => snack(authApi.MSG_EXTERNAL_LOGIN.saved, 'success'),
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Campus Web Sign-In"
        subtitle="For a portal behind your campus web-SSO proxy (Apache mod_shib or mod_auth_cas, Azure App Proxy, F5): the proxy signs the person in and hands the portal a signed token in the AUTHN cookie."
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
            What the campus proxy must do
          </Typography>
          <Typography component="div" color="text.secondary" sx={{ mb: 2 }}>
            <ol style={{ margin: 0, paddingLeft: '1.25rem' }}>
              <li>Sign the person in, then set a cookie named AUTHN for this portal's address (Path=/, Secure, HttpOnly).</li>
              <li>
                Its value is a token (a JWT) signed as chosen below, naming this issuer and audience, issued at most five minutes before it
                is used (the clocks may differ by a minute), with a unique jti. Each token works once.
              </li>
              <li>Then send the browser to the address below; add ?next=/… to land on a page of the portal.</li>
            </ol>
          </Typography>
          <TextField
            label="Send the browser to"
            value={c.landingUrl}
            fullWidth
            sx={{ mb: 2 }}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            helperText="From the portal address in Site Settings."
          />
          <Typography variant="subtitle2" component="p" id="example-claims">
            Example of the token's claims
          </Typography>
          <Box
            component="pre"
            role="region"
            tabIndex={0}
            aria-labelledby="example-claims"
            sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, fontSize: 13, overflowX: 'auto', mt: 0.5, mb: 3 }}
          >
            {exampleClaims(c, issuer, matchClaim)}
          </Box>

          <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
            How tokens are checked
          </Typography>
          <Controller
            control={control}
            name="algorithm"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={!!fieldState.error} required sx={{ mb: 2, display: 'block' }}>
                <FormLabel component="legend">Signature</FormLabel>
                <RadioGroup row value={field.value ?? 'HS256'} onChange={(e) => field.onChange(e.target.value)} name={field.name}>
                  {authApi.EXTERNAL_LOGIN_ALGORITHMS.map((a) => (
                    <FormControlLabel
                      key={a}
                      value={a}
                      label={ALGORITHM_LABELS[a]}
                      control={<Radio inputRef={a === 'HS256' ? field.ref : undefined} />}
                    />
                  ))}
                </RadioGroup>
                {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
          {algorithm === 'HS256' ? (
            <FormTextField
              control={control}
              name="sharedSecret"
              label="Shared secret"
              type="password"
              autoComplete="new-password"
              required={!c.hasSharedSecret}
              fullWidth
              sx={{ mb: 2 }}
              helperText={
                c.hasSharedSecret
                  ? 'A secret is saved. Leave blank to keep it.'
                  : 'At least 32 characters, the same as the proxy signs with. Kept encrypted; never shown again.'
              }
            />
          ) : (
            <FormTextField
              control={control}
              name="publicKey"
              label="The proxy's public key (PEM)"
              required
              multiline
              minRows={4}
              fullWidth
              sx={{ mb: 2 }}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
              helperText="-----BEGIN PUBLIC KEY----- … -----END PUBLIC KEY-----. The proxy keeps the private key."
            />
          )}
          <FormTextField
            control={control}
            name="issuer"
            label="Issuer (iss)"
            required
            fullWidth
            sx={{ mb: 2 }}
            helperText="Exactly as the proxy writes it, e.g. https://webauth.example.edu"
          />
          <FormTextField
            control={control}
            name="audience"
            label="Audience (aud)"
            fullWidth
            sx={{ mb: 3 }}
            helperText={`Leave blank for this portal's address: ${c.landingUrl.replace(/\/#\/external$/, '')}`}
          />

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
            helperText="Its value must equal the person's user name here (capitals do not matter), e.g. sub or eppn. Never the e-mail address."
          />
          <Controller
            control={control}
            name="allowedRoles"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={!!fieldState.error} required sx={{ mb: 2, display: 'block' }}>
                <FormLabel component="legend">Kinds of accounts</FormLabel>
                <FormGroup row>
                  {authApi.EXTERNAL_LOGIN_ROLES.map((r) => (
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
                  {fieldState.error?.message ??
                    'Only existing, active accounts sign in: nobody is created. People with two-step sign-in are asked for it unless the token says a second factor was used (amr: mfa).'}
                </FormHelperText>
              </FormControl>
            )}
          />
          <FormSwitch
            control={control}
            name="enabled"
            label="Campus web sign-in is on"
            helperText="Every sign-in and every refusal is written to the audit trail; tokens are never kept."
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              Save
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
