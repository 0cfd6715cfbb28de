import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, CircularProgress, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import Fingerprint from '@mui/icons-material/Fingerprint';
import { authApi, can } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { isApiError } from '../../../app/http/api-error';
import { describeFailure } from '../../../app/errors/failure';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { navigateTo } from '../../../app/navigation';
import { actorOf } from '../../../shells/common/menu';
import { useGetCurrentUser } from '../api/get-current-user';
import {
  useAddPasskey,
  useConfirmTotp,
  useDisableTotp,
  useMfaStatus,
  useRemovePasskey,
  useStartTotp,
  useTwoStepPolicy,
  useUpdateTwoStepPolicy,
} from '../api/mfa';

/** The server's words for a refused code, else the general failure. */
const codeError = (e: unknown) => (isApiError(e) ? (e.fieldErrors?.code?.[0] ?? e.message) : describeFailure(e).message);

/** #/admin/two-step-sign-in (the ⋮ menu): a staff member turns on two-step sign-in with an authenticator app. */
export function TwoStepSignInPage() {
  useDocumentTitle('Two-step sign-in');
  const dates = useFormatDates();
  const status = useMfaStatus();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [codeMsg, setCodeMsg] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [offOpen, setOffOpen] = useState(false);
  const [offCode, setOffCode] = useState('');
  const [offError, setOffError] = useState<string | null>(null);
  const addPasskey = useAddPasskey();
  const removePasskey = useRemovePasskey();
  const [passkeyName, setPasskeyName] = useState('This computer');
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<authApi.TPasskey | null>(null);
  const qc = useQueryClient();
  // Set up while the office held the session to it: the rest of the portal opens once the codes are saved.
  const [wasHeld, setWasHeld] = useState(false);

  if (status.isPending) return <PageLoader />;
  if (status.isError) return <Alert severity="error">Two-step sign-in could not be loaded.</Alert>;
  const s = status.data;
  if (s.setupRequired && !wasHeld) setWasHeld(true);

  /** A second step just set up: what the office held back (menus, counts) is asked for again. */
  const afterSetUp = () => {
    if (wasHeld) void qc.invalidateQueries();
  };

  const onConfirm = () => {
    const parsed = authApi.ZTotpCode.safeParse(code);
    if (!parsed.success) {
      setCodeMsg(parsed.error.issues[0]?.message ?? authApi.MSG_MFA.codeRequired);
      return;
    }
    setCodeMsg(null);
    confirm.mutate(parsed.data, {
      onSuccess: (r) => {
        setRecovery(r.recoveryCodes);
        start.reset();
        setCode('');
        afterSetUp();
      },
      onError: (e) => setCodeMsg(codeError(e)),
    });
  };

  const onAddPasskey = () => {
    setPasskeyError(null);
    addPasskey.mutate(passkeyName.trim(), {
      onSuccess: (r) => {
        snack(`The passkey "${r.passkey.name}" was added.`, 'success');
        if (r.recoveryCodes) setRecovery(r.recoveryCodes);
        afterSetUp();
      },
      onError: (e) =>
        setPasskeyError(
          isApiError(e)
            ? (e.fieldErrors?.name?.[0] ?? e.fieldErrors?.response?.[0] ?? e.message)
            : 'The passkey was not created. Try again.',
        ),
    });
  };

  const downloadCodes = () => {
    if (!recovery) return;
    const blob = new Blob([`Recovery codes (each works once):\n\n${recovery.join('\n')}\n`], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <Box>
      <PageHeader
        title="Two-step sign-in"
        subtitle="After your password, a 6-digit code from an authenticator app on your phone (Microsoft Authenticator, Google Authenticator, Duo, 1Password…). Someone who learns your password still cannot sign in as you."
      />
      {s.setupRequired ? (
        <Alert severity="warning" role="alert" sx={{ mb: 2, maxWidth: 760 }}>
          {authApi.MSG_MFA.setupRequired} Set up an authenticator app or add a passkey below; the rest of the portal opens as soon as one is
          on.
        </Alert>
      ) : s.required ? (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 760 }}>
          Your office requires two-step sign-in for staff.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 760 }}>
        {recovery ? (
          <Box>
            <Alert severity="success" sx={{ mb: 2 }}>
              Two-step sign-in is on. From now on you will be asked for a code after your password.
            </Alert>
            <Typography variant="h2" component="h2" gutterBottom>
              Save your recovery codes
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe: they are not shown
              again.
            </Typography>
            <Box
              component="ul"
              aria-label="Recovery codes"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
                gap: 1,
                p: 0,
                m: 0,
                mb: 2,
                listStyle: 'none',
                fontFamily: 'monospace',
                fontSize: '1.05rem',
              }}
            >
              {recovery.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </Box>
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={downloadCodes}>
                Download as a text file
              </Button>
              <Button
                variant="contained"
                onClick={() => {
                  setRecovery(null);
                  if (wasHeld) navigateTo('/', { replace: true });
                }}
              >
                {wasHeld ? 'I have saved them, continue' : 'I have saved them'}
              </Button>
            </Stack>
          </Box>
        ) : s.totpEnabled ? (
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <PhonelinkLock color="primary" aria-hidden />
              <Typography variant="h2" component="h2">
                Authenticator app
              </Typography>
              <Chip size="small" color="success" variant="outlined" label="On" />
            </Stack>
            <Typography sx={{ mb: 1 }}>Turned on {dates.formatDate(s.enabledAt)}.</Typography>
            <Typography color={s.recoveryCodesLeft <= 2 ? 'error' : 'text.secondary'} sx={{ mb: 2 }}>
              {s.recoveryCodesLeft} of 10 recovery codes left.
              {s.recoveryCodesLeft <= 2 ? ' Turn two-step sign-in off and on again to get new ones.' : ''}
            </Typography>
            <Button color="error" variant="outlined" onClick={() => setOffOpen(true)}>
              Turn off two-step sign-in
            </Button>
          </Box>
        ) : start.data ? (
          <Box>
            <Typography variant="h2" component="h2" gutterBottom>
              1. Add this portal to your authenticator app
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              In the app, choose to add an account and scan this QR code. If you cannot scan it, enter the key below instead.
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center', mb: 3 }}>
              <Box
                component="img"
                src={`data:image/svg+xml;utf8,${encodeURIComponent(start.data.qrSvg)}`}
                alt="QR code to add this portal to an authenticator app"
                sx={{ width: 200, height: 200, bgcolor: '#fff', border: 1, borderColor: 'divider' }}
              />
              <TextField
                label="Key, to type in instead"
                value={start.data.secret.replace(/(.{4})/g, '$1 ').trim()}
                slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
                sx={{ minWidth: 280, flex: 1 }}
              />
            </Box>
            <Typography variant="h2" component="h2" gutterBottom>
              2. Enter the code the app shows
            </Typography>
            <Box
              component="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                onConfirm();
              }}
              sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <TextField
                label="6-digit code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={!!codeMsg}
                helperText={codeMsg ?? ' '}
                required
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
              />
              <Button
                type="submit"
                variant="contained"
                sx={{ mt: 1 }}
                disabled={confirm.isPending}
                startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                Turn on
              </Button>
            </Box>
          </Box>
        ) : (
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <PhonelinkLock color="action" aria-hidden />
              <Typography variant="h2" component="h2">
                Authenticator app
              </Typography>
              <Chip size="small" variant="outlined" label="Off" />
            </Stack>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              You will need your phone with an authenticator app. It takes about a minute.
            </Typography>
            {start.isError ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {describeFailure(start.error).message}
              </Alert>
            ) : null}
            <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
              Set up an authenticator app
            </Button>
          </Box>
        )}
      </Paper>
      {!recovery ? (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 760, mt: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Fingerprint color={s.passkeys.length ? 'primary' : 'action'} aria-hidden />
            <Typography variant="h2" component="h2">
              Passkeys
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={s.passkeys.length ? 'success' : 'default'}
              label={s.passkeys.length ? 'On' : 'Off'}
            />
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Instead of typing a code, confirm with this computer's fingerprint or face sign-in, your phone, or a security key.
          </Typography>
          {s.passkeys.length ? (
            <Box component="ul" aria-label="Your passkeys" sx={{ p: 0, m: 0, mb: 2, listStyle: 'none' }}>
              {s.passkeys.map((k) => (
                <Box
                  component="li"
                  key={k.id}
                  sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ flex: 1 }}>
                    <Typography fontWeight={600}>{k.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Added {dates.formatDate(k.createdAt)}
                      {k.lastUsedAt ? `, last used ${dates.formatDateTime(k.lastUsedAt)}` : ', not used yet'}
                    </Typography>
                  </Box>
                  <Button color="error" size="small" onClick={() => setToRemove(k)} aria-label={`Remove ${k.name}`}>
                    Remove
                  </Button>
                </Box>
              ))}
            </Box>
          ) : null}
          {passkeyError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {passkeyError}
            </Alert>
          ) : null}
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onAddPasskey();
            }}
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <TextField
              label="Passkey name"
              value={passkeyName}
              onChange={(e) => setPasskeyName(e.target.value)}
              helperText="To tell your passkeys apart"
            />
            <Button
              type="submit"
              variant="outlined"
              sx={{ mt: 1 }}
              disabled={addPasskey.isPending}
              startIcon={addPasskey.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              Add a passkey
            </Button>
          </Box>
        </Paper>
      ) : null}
      {!recovery ? <StaffPolicy /> : null}
      <ConfirmDialog
        open={!!toRemove}
        title="Remove passkey"
        message={toRemove ? `Remove the passkey "${toRemove.name}"?` : ''}
        effects={[
          s.passkeys.length === 1 && !s.totpEnabled
            ? 'It is your only second step: signing in will take your password alone, and your recovery codes stop working.'
            : 'It can no longer be used to sign in.',
        ]}
        confirmLabel="Remove"
        destructive
        busy={removePasskey.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          const k = toRemove;
          if (!k) return;
          removePasskey.mutate(k.id, {
            onSuccess: () => snack(`The passkey "${k.name}" was removed.`, 'success'),
            onSettled: () => setToRemove(null),
          });
        }}
      />
      <ConfirmDialog
        open={offOpen}
        title="Turn off two-step sign-in"
        message="Signing in will take your password alone again."
        effects={['Your recovery codes stop working.']}
        error={offError}
        confirmLabel="Turn off"
        destructive
        busy={disable.isPending}
        onCancel={() => {
          setOffOpen(false);
          setOffError(null);
          setOffCode('');
        }}
        onConfirm={() => {
          setOffError(null);
          disable.mutate(offCode, {
            onSuccess: () => {
              snack('Two-step sign-in is off.', 'success');
              setOffOpen(false);
              setOffCode('');
            },
            onError: (e) => setOffError(codeError(e)),
          });
        }}
      >
        <TextField
          label="Code from your authenticator app"
          value={offCode}
          onChange={(e) => setOffCode(e.target.value)}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
        />
      </ConfirmDialog>
    </Box>
  );
}

/**
 * "Office staff must use two-step sign-in" (docs/product/two-step-sign-in.md#required-for-office-staff):
 * for whoever may change the institution's settings; changing it asks to confirm it's you.
 */
function StaffPolicy() {
  const me = useGetCurrentUser();
  const mayChange = !!me.data && can(actorOf(me.data), 'institutions.settings.update');
  const policy = useTwoStepPolicy(mayChange);
  const update = useUpdateTwoStepPolicy();
  const [error, setError] = useState<string | null>(null);
  if (!mayChange || !policy.data) return null;
  const on = policy.data.staffRequired;
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 760, mt: 2 }} component="section" aria-labelledby="staff-two-step-title">
      <Typography variant="h2" component="h2" id="staff-two-step-title" gutterBottom>
        For your office
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={update.isPending}
            onChange={(e) => {
              setError(null);
              update.mutate(e.target.checked, {
                onSuccess: (p) =>
                  snack(
                    p.staffRequired ? 'Office staff must now use two-step sign-in.' : 'Two-step sign-in is no longer required.',
                    'success',
                  ),
                onError: (err) => setError(describeFailure(err).message),
              });
            }}
          />
        }
        label="Office staff must use two-step sign-in"
      />
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Staff who sign in with a password (or through single sign-on that did not ask for a second step) and have not set one up can only
        set it up until they do. Students, scholars and department users are not asked.
      </Typography>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
