import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
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
import { useDocumentTitle } from '../../../app/use-document-title';
import { FormSwitch } from '../../../ui/form/form-switch';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { UnsavedChangesGuard } from '../../../shells/guards/unsaved-changes-guard';
import { useGetSsoConfig, useSaveSsoConfig } from '../api/sso-config';

type TRole = (typeof authApi.SSO_ROLES)[number];
type TAttributes = authApi.TSaveSamlConfigInput['attributes'];
/** Both kinds of provider in one form; what is sent is the part of the chosen kind (toBody). */
interface TForm {
  kind: 'oidc' | 'saml';
  enabled: boolean;
  allowedRoles: TRole[];
  jitEnabled: boolean;
  passwordOffRoles: TRole[];
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  matchClaim: string;
  idpMetadataUrl: string;
  idpMetadataXml: string;
  wantEncrypted: boolean;
  idpInitiated: boolean;
  attributes: TAttributes;
}
type TBody = authApi.TSaveOidcConfigInput | authApi.TSaveSamlConfigInput;

const FIELDS = [
  'enabled',
  'issuer',
  'clientId',
  'clientSecret',
  'scopes',
  'matchClaim',
  'allowedRoles',
  'passwordOffRoles',
  'idpMetadataUrl',
  'idpMetadataXml',
  'attributes.match',
  'attributes.mail',
  'attributes.givenName',
  'attributes.sn',
  'attributes.affiliation',
] as const;
const ROLE_LABELS: Record<TRole, string> = {
  ISSSstudent: 'Students',
  scholar: 'Scholars',
  department: 'Department users',
  isssAdmin: 'Office staff',
};
const ATTRIBUTE_LABELS: Record<keyof TAttributes, string> = {
  match: 'Attribute that names the account',
  mail: 'E-mail attribute',
  givenName: 'Given name attribute',
  sn: 'Surname attribute',
  affiliation: 'Affiliation attribute',
};

const toBody = (v: TForm): unknown => {
  const common = {
    enabled: v.enabled,
    allowedRoles: v.allowedRoles,
    jitEnabled: v.jitEnabled,
    passwordOffRoles: v.passwordOffRoles,
  };
  return v.kind === 'oidc'
    ? {
        ...common,
        kind: 'oidc',
        issuer: v.issuer,
        clientId: v.clientId,
        clientSecret: v.clientSecret,
        scopes: v.scopes,
        matchClaim: v.matchClaim,
      }
    : {
        ...common,
        kind: 'saml',
        idpMetadataUrl: v.idpMetadataUrl,
        idpMetadataXml: v.idpMetadataXml,
        wantEncrypted: v.wantEncrypted,
        idpInitiated: v.idpInitiated,
        attributes: v.attributes,
      };
};
/** Checks the part of the form that will be sent, with the server's own rules and messages. */
const check = zodResolver(authApi.ZSaveSsoConfigInput);
const resolver: Resolver<TForm, unknown, TBody> = (values, context, options) => check(toBody(values) as never, context, options as never);

function RoleBoxes({
  control,
  name,
  legend,
  help,
}: {
  control: ReturnType<typeof useForm<TForm, unknown, TBody>>['control'];
  name: 'allowedRoles' | 'passwordOffRoles';
  legend: string;
  help: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={!!fieldState.error} required={name === 'allowedRoles'} sx={{ mb: 2, display: 'block' }}>
          <FormLabel component="legend">{legend}</FormLabel>
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
          <FormHelperText>{fieldState.error?.message ?? help}</FormHelperText>
        </FormControl>
      )}
    />
  );
}

const readOnly = { htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } };

/** #/admin/single-sign-on (Configuration > Single Sign-On): the campus identity provider (OpenID Connect or SAML 2.0). */
export function SingleSignOnPage() {
  useDocumentTitle('Single Sign-On');
  const config = useGetSsoConfig();
  const save = useSaveSsoConfig();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TForm, unknown, TBody>({ resolver });
  const { control, handleSubmit, setError, reset, formState, setValue } = form;
  const kind = useWatch({ control, name: 'kind' });

  useEffect(() => {
    if (!config.data) return;
    const c = config.data;
    const roles = (rs: string[]) => rs.filter((r): r is TRole => (authApi.SSO_ROLES as readonly string[]).includes(r));
    reset({
      kind: c.kind,
      enabled: c.enabled,
      allowedRoles: roles(c.allowedRoles),
      jitEnabled: c.jitEnabled,
      passwordOffRoles: roles(c.passwordOffRoles),
      issuer: c.issuer,
      clientId: c.clientId,
      clientSecret: '',
      scopes: c.scopes,
      matchClaim: c.matchClaim,
      idpMetadataUrl: c.saml.idpMetadataUrl,
      idpMetadataXml: '',
      wantEncrypted: c.saml.wantEncrypted,
      idpInitiated: c.saml.idpInitiated,
      attributes: c.saml.attributes,
    });
  }, [config.data, reset]);

  if (config.isPending) return <PageLoader />;
  if (config.isError || !config.data) return <Alert severity="error">The single sign-on settings could not be loaded.</Alert>;
  const c = config.data;

  const onValid = (v: TBody) => {
    setFormError(null);
    save.mutate(v, {
      onSuccess: () => {
        setValue('idpMetadataXml', '');
        snack('The single sign-on settings were saved.', 'success');
      },
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Single Sign-On"
        subtitle="Let students, scholars and staff sign in with your institution's identity provider: SAML 2.0 (Shibboleth, InCommon, ADFS) or OpenID Connect (Microsoft Entra ID, Okta, Google)."
      />
      <UnsavedChangesGuard when={formState.isDirty && !save.isPending} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 820 }}>
        <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <FormControl component="fieldset" sx={{ mb: 3, display: 'block' }}>
                <FormLabel component="legend">How your identity provider talks to this portal</FormLabel>
                <RadioGroup row {...field} value={field.value ?? 'oidc'}>
                  <FormControlLabel value="saml" control={<Radio />} label="SAML 2.0" />
                  <FormControlLabel value="oidc" control={<Radio />} label="OpenID Connect" />
                </RadioGroup>
              </FormControl>
            )}
          />
          {kind === 'saml' ? (
            <>
              <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
                Register this portal at your identity provider
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Give your identity team this portal&apos;s metadata address (or the file); it names the entity ID, the assertion consumer
                service and this portal&apos;s certificate for signed requests and encrypted assertions.
              </Typography>
              <TextField
                label="Service provider entity ID and metadata"
                value={c.saml.spMetadataUrl}
                fullWidth
                sx={{ mb: 2 }}
                slotProps={readOnly}
              />
              <TextField label="Assertion consumer service" value={c.saml.acsUrl} fullWidth sx={{ mb: 2 }} slotProps={readOnly} />
              <TextField label="Single logout service" value={c.saml.sloUrl} fullWidth sx={{ mb: 1 }} slotProps={readOnly} />
              <Button href="/api/auth/saml/metadata" download="meridian-sp-metadata.xml" variant="outlined" sx={{ mb: 3 }}>
                Download this portal&apos;s metadata
              </Button>
              <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
                Identity provider
              </Typography>
              {c.saml.idpEntityId ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                  <Box>
                    Connected to <strong>{c.saml.idpEntityId}</strong>, signing in at {c.saml.idpSsoUrl}.
                  </Box>
                  {c.saml.idpCertificates.map((cert) => (
                    <Box key={cert.fingerprint}>
                      Signing certificate {cert.subject}, valid until {cert.notAfter.slice(0, 10)} (UTC).
                    </Box>
                  ))}
                </Alert>
              ) : null}
              <FormTextField
                control={control}
                name="idpMetadataUrl"
                label="Metadata address"
                fullWidth
                sx={{ mb: 2 }}
                helperText="e.g. https://idp.example.edu/idp/shibboleth. Read again when you save, so a new signing certificate is picked up."
              />
              <FormTextField
                control={control}
                name="idpMetadataXml"
                label="Or paste the metadata"
                multiline
                minRows={3}
                maxRows={8}
                fullWidth
                sx={{ mb: 1 }}
                helperText={
                  c.saml.idpEntityId ? 'Leave blank to keep the metadata read before.' : 'The EntityDescriptor of your identity provider.'
                }
              />
              <Button component="label" variant="outlined" sx={{ mb: 3 }}>
                Upload a metadata file
                <input
                  hidden
                  type="file"
                  accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                  aria-label="Metadata file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file)
                      void file.text().then((text) => setValue('idpMetadataXml', text, { shouldDirty: true, shouldValidate: true }));
                    e.target.value = '';
                  }}
                />
              </Button>
              <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
                Attributes
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Names or OIDs as your provider sends them. Write NameID to use the subject&apos;s NameID to name the account.
              </Typography>
              {(Object.keys(ATTRIBUTE_LABELS) as (keyof TAttributes)[]).map((k) => (
                <FormTextField
                  key={k}
                  control={control}
                  name={`attributes.${k}`}
                  label={ATTRIBUTE_LABELS[k]}
                  required={k === 'match'}
                  fullWidth
                  sx={{ mb: 2 }}
                  {...(k === 'match'
                    ? {
                        helperText:
                          "Its value must equal the person's user name here (eduPersonPrincipalName by default). Never the e-mail address.",
                      }
                    : {})}
                />
              ))}
              <FormSwitch
                control={control}
                name="wantEncrypted"
                label="Assertions must be encrypted"
                helperText="Refuse assertions not encrypted for this portal's certificate."
              />
              <FormSwitch
                control={control}
                name="idpInitiated"
                label="Allow sign-on started at the identity provider"
                helperText="Off: only answers to this portal's own requests are taken, which protects against replayed and forced sign-ins."
              />
            </>
          ) : (
            <>
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
                slotProps={readOnly}
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
              <FormTextField
                control={control}
                name="scopes"
                label="Scopes"
                fullWidth
                sx={{ mb: 3 }}
                helperText="openid is always asked for."
              />
            </>
          )}
          <Typography variant="h2" component="h2" sx={{ mb: 1, mt: 3 }}>
            Who may sign in this way
          </Typography>
          {kind === 'oidc' ? (
            <FormTextField
              control={control}
              name="matchClaim"
              label="Claim that names the account"
              required
              fullWidth
              sx={{ mb: 2 }}
              helperText="Its value must equal the person's user name here, e.g. preferred_username or an employee ID claim. Never the e-mail address."
            />
          ) : null}
          <RoleBoxes control={control} name="allowedRoles" legend="Kinds of accounts" help="Kinds of accounts that may sign in this way." />
          <FormSwitch
            control={control}
            name="jitEnabled"
            label="Make accounts for office staff on their first sign-in"
            helperText="Only people the provider calls staff, faculty or employee, and only when office staff may sign in this way. They start with no permissions until a super user grants some."
          />
          <RoleBoxes
            control={control}
            name="passwordOffRoles"
            legend="No local passwords for"
            help="These kinds of accounts sign in only through the identity provider while single sign-on is on."
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
