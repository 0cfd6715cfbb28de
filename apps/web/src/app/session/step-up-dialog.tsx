import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  TextField,
} from '@mui/material';
import { authApi } from '@meridian/domain';
import { apiCall } from '../http/api-call';
import { isApiError } from '../http/api-error';
import { describeFailure } from '../errors/failure';
import { BrandedTheme } from '../mui-frame';
import { answerStepUp, useStepUpAsked } from './step-up';

type TMethod = authApi.TStepUpStart['methods'][number];

const OTHER_LABEL: Record<TMethod, string> = {
  passkey: 'Use a passkey instead',
  totp: 'Use the authenticator app instead',
  recovery: 'Use a recovery code instead',
};

/**
 * "Confirm it's you" (docs/product/two-step-sign-in.md#confirm-its-you): before an export or a permission
 * change, a code from the authenticator app, a passkey or a recovery code; the refused call is then sent
 * again. Loaded with MUI once someone is signed in (app/root-layout.tsx).
 */
export function StepUpDialog() {
  const asked = useStepUpAsked();
  return <BrandedTheme>{asked ? <StepUpQuestion /> : null}</BrandedTheme>;
}

function StepUpQuestion() {
  const titleId = useId();
  const [start, setStart] = useState<authApi.TStepUpStart | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [method, setMethod] = useState<TMethod>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    apiCall(authApi.startStepUp, {})
      .then((s) => {
        if (!live) return;
        setStart(s);
        setMethod(s.methods.includes('totp') ? 'totp' : (s.methods[0] ?? 'recovery'));
      })
      .catch((e: unknown) => {
        if (live) setStartError(describeFailure(e).message);
      });
    return () => {
      live = false;
    };
  }, []);

  const expired = (e: unknown) => isApiError(e) && e.code === 'MFA_EXPIRED';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!start || method === 'passkey') return;
    const parsed = authApi.ZVerifyMfaInput.safeParse({ method, challenge: start.challenge, code });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'code')?.message ?? authApi.MSG_MFA.codeRequired);
      return;
    }
    setError(null);
    setBusy(true);
    apiCall(authApi.stepUp, { body: { method, challenge: start.challenge, code } })
      .then(() => answerStepUp(true))
      .catch((err: unknown) => {
        setBusy(false);
        if (expired(err)) setStartError(authApi.MSG_MFA.challengeExpired);
        else setError(isApiError(err) ? (err.fieldErrors?.code?.[0] ?? err.message) : describeFailure(err).message);
      });
  };

  const onPasskey = async () => {
    if (!start) return;
    setError(null);
    setBusy(true);
    try {
      const options = await apiCall(authApi.passkeySignInOptions, { body: { challenge: start.challenge }, anonymous: true });
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options });
      await apiCall(authApi.stepUp, {
        body: { method: 'passkey', challenge: start.challenge, response: response as unknown as authApi.TVerifyMfaPasskeyResponse },
      });
      answerStepUp(true);
    } catch (err) {
      setBusy(false);
      if (expired(err)) setStartError(authApi.MSG_MFA.challengeExpired);
      else if (isApiError(err)) setError(err.fieldErrors?.response?.[0] ?? err.message);
      else setError('The passkey was not used. Try again, or choose another way below.');
    }
  };

  const others = (['passkey', 'totp', 'recovery'] as const).filter((m) => m !== method && start?.methods.includes(m));
  const label = method === 'totp' ? 'Code from your authenticator app' : 'Recovery code';

  return (
    <Dialog open onClose={() => answerStepUp(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Confirm it&apos;s you</DialogTitle>
        <DialogContent>
          {startError ? (
            <Alert severity="warning" role="alert">
              {startError}
            </Alert>
          ) : !start ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <CircularProgress aria-label="Loading" />
            </Box>
          ) : (
            <Stack spacing={2}>
              <DialogContentText>
                Exports and permission changes need your second step again after 15 minutes.{' '}
                {method === 'totp'
                  ? 'Enter the 6-digit code your authenticator app shows for this portal.'
                  : method === 'recovery'
                    ? 'Enter one of your recovery codes. Each works once.'
                    : 'Use the passkey on this device, your phone or your security key.'}
              </DialogContentText>
              {method === 'passkey' ? (
                <>
                  {error ? (
                    <Alert severity="error" role="alert">
                      {error}
                    </Alert>
                  ) : null}
                  <Button variant="contained" onClick={() => void onPasskey()} disabled={busy} autoFocus>
                    {busy ? 'Waiting for the passkey...' : 'Use a passkey'}
                  </Button>
                </>
              ) : (
                <TextField
                  key={method}
                  label={label}
                  name="code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  error={!!error}
                  helperText={error ?? ' '}
                  required
                  autoFocus
                  fullWidth
                  slotProps={{
                    htmlInput: { inputMode: method === 'totp' ? 'numeric' : 'text', autoComplete: 'one-time-code' },
                  }}
                />
              )}
              {others.length ? (
                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                  {others.map((m) => (
                    <Link
                      key={m}
                      component="button"
                      type="button"
                      onClick={() => {
                        setMethod(m);
                        setCode('');
                        setError(null);
                      }}
                    >
                      {OTHER_LABEL[m]}
                    </Link>
                  ))}
                </Stack>
              ) : null}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answerStepUp(false)}>Cancel</Button>
          {start && !startError && method !== 'passkey' ? (
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              Confirm
            </Button>
          ) : null}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
