import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Box, CircularProgress, Typography } from '@mui/material';
import { authApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { isApiError } from '../../../app/http/api-error';
import { snack } from '../../../ui/notify';
import { useFetchLoginAuth } from '../api/external-login';
import { SecondStepForm } from '../components/second-step-form';
import { externalLoginFailedPath } from '../external-links';
import { safeNext } from '../sso-links';

/**
 * #/external[?next=/…] (docs/product/external-login.md#how-it-works): the campus web-SSO proxy signed the
 * person in, set the AUTHN cookie and sent the browser here. The page calls fetchLoginAuth once: signed in,
 * it goes on to the page asked for (or the person's home); refused, a snackbar says why for one second,
 * then the login page, which says it too.
 */
export function ExternalLoginPage() {
  useDocumentTitle('Campus sign-in');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  const signIn = useFetchLoginAuth();
  // A person with two-step sign-in whose proxy did not vouch for a second factor: the second step here.
  const [challenge, setChallenge] = useState<authApi.TMfaChallenge | null>(null);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn.mutate(undefined, {
      onSuccess: ({ session }) => {
        if (session.type === 'mfa') setChallenge(session);
        else void navigate(next ?? '/', { replace: true });
      },
      onError: (err) => {
        const problem = isApiError(err) ? authApi.externalLoginProblemOf(err.code) : null;
        setFailed(true);
        snack(problem ? authApi.MSG_EXTERNAL_LOGIN[problem] : err.message, 'error', authApi.EXTERNAL_LOGIN_SNACKBAR_MS);
        timer.current = setTimeout(
          () => void navigate(problem ? externalLoginFailedPath(problem, next) : '/login', { replace: true }),
          authApi.EXTERNAL_LOGIN_SNACKBAR_MS,
        );
      },
    });
  }, [signIn, navigate, next]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (challenge)
    return (
      <SecondStepForm
        challenge={challenge}
        onSignedIn={() => void navigate(next ?? '/', { replace: true })}
        onStartAgain={() => void navigate(next?.startsWith('/student') ? '/login/student' : '/login', { replace: true })}
      />
    );

  return (
    <Box>
      <Typography variant="h1" component="h1" align="center" gutterBottom>
        Campus sign-in
      </Typography>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, my: 3 }}>
        {failed ? null : <CircularProgress size={24} aria-hidden />}
        <Typography>{failed ? 'Your campus sign-in did not complete. Taking you to the login page…' : 'Signing you in…'}</Typography>
      </Box>
    </Box>
  );
}
