import { useId, useState, type FormEvent } from 'react';
import { authApi } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { PlainIcon } from '../../../ui/plain-icons';
import { useVerifyMfa, useVerifyWithPasskey } from '../api/mfa';

/**
 * The second step of signing in (docs/product/two-step-sign-in.md): the 6-digit code from the
 * authenticator app, or one of the recovery codes. Drawn like the login form (no MUI on the login page).
 */
export function SecondStepForm({
  challenge,
  onSignedIn,
  onStartAgain,
}: {
  challenge: authApi.TMfaChallenge;
  onSignedIn: () => void;
  onStartAgain: () => void;
}) {
  const id = useId();
  const [method, setMethod] = useState<'totp' | 'recovery' | 'passkey'>(challenge.methods[0] ?? 'totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const verify = useVerifyMfa();
  const withPasskey = useVerifyWithPasskey();

  const onPasskey = () => {
    setError(null);
    withPasskey.mutate(challenge.challenge, {
      onSuccess: onSignedIn,
      onError: (err) => {
        if (isApiError(err) && err.code === 'MFA_EXPIRED') setExpired(true);
        else if (isApiError(err)) setError(err.fieldErrors?.response?.[0] ?? err.message);
        // The browser's own refusal (cancelled, timed out, no passkey here).
        else setError('The passkey was not used. Try again, or choose another way below.');
      },
    });
  };
  const others = (['passkey', 'totp', 'recovery'] as const).filter((m) => m !== method && challenge.methods.includes(m));
  const otherLabel = {
    passkey: 'Use a passkey instead',
    totp: 'Use the authenticator app instead',
    recovery: 'Use a recovery code instead',
  };
  const switchTo = (m: 'totp' | 'recovery' | 'passkey') => {
    setMethod(m);
    setCode('');
    setError(null);
  };
  const switchLinks = (
    <div className="login-links login-links-column">
      {others.map((m) => (
        <button key={m} type="button" className="login-link login-link-button" onClick={() => switchTo(m)}>
          {otherLabel[m]}
        </button>
      ))}
    </div>
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (method === 'passkey') return;
    const parsed = authApi.ZVerifyMfaInput.safeParse({ method, challenge: challenge.challenge, code });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'code')?.message ?? authApi.MSG_MFA.codeRequired);
      return;
    }
    setError(null);
    verify.mutate(
      { method, challenge: challenge.challenge, code },
      {
        onSuccess: onSignedIn,
        onError: (err) => {
          if (isApiError(err) && err.code === 'MFA_EXPIRED') setExpired(true);
          else setError(isApiError(err) ? (err.fieldErrors?.code?.[0] ?? err.message) : authApi.MSG_MFA.codeWrong);
        },
      },
    );
  };

  if (expired)
    return (
      <div>
        <div className="login-alert login-alert-error" role="alert">
          <PlainIcon name="error" size={22} />
          <p>{authApi.MSG_MFA.challengeExpired}</p>
        </div>
        <button type="button" className="login-button login-button-contained" onClick={onStartAgain}>
          Sign in again
        </button>
      </div>
    );

  if (method === 'passkey')
    return (
      <div>
        <h2 className="login-step-title">Two-step sign-in</h2>
        <p className="login-welcome">Use the passkey on this device, your phone or your security key.</p>
        {error ? (
          <div className="login-alert login-alert-error" role="alert">
            <PlainIcon name="error" size={22} />
            <p>{error}</p>
          </div>
        ) : null}
        <button
          type="button"
          className="login-button login-button-contained"
          onClick={onPasskey}
          disabled={withPasskey.isPending}
          aria-busy={withPasskey.isPending}
        >
          {withPasskey.isPending ? <span className="plain-spinner" aria-hidden="true" /> : <PlainIcon name="login" size={20} />}
          {withPasskey.isPending ? 'Waiting for the passkey...' : 'Use a passkey'}
        </button>
        {switchLinks}
      </div>
    );

  const label = method === 'totp' ? 'Code from your authenticator app' : 'Recovery code';
  return (
    <form noValidate aria-label="Two-step sign-in" onSubmit={onSubmit}>
      <h2 className="login-step-title">Two-step sign-in</h2>
      <p className="login-welcome">
        {method === 'totp'
          ? 'Open the authenticator app on your phone and enter the 6-digit code it shows for this portal.'
          : 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'}
      </p>
      <div className={error ? 'login-field is-error' : 'login-field'}>
        <label className="login-label" htmlFor={id}>
          {label}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={id}
          className="login-input"
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          autoFocus
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-helper` : undefined}
        />
        {error ? (
          <p id={`${id}-helper`} className="login-helper is-error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="login-button login-button-contained" disabled={verify.isPending} aria-busy={verify.isPending}>
        {verify.isPending ? <span className="plain-spinner" aria-hidden="true" /> : <PlainIcon name="login" size={20} />}
        {verify.isPending ? 'Checking...' : 'Verify'}
      </button>
      {switchLinks}
    </form>
  );
}
