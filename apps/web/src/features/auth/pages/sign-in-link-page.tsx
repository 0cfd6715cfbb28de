import { useLayoutEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { MSG, type authApi } from '@meridian/domain';
import { SecondStepForm } from '../components/second-step-form';
import { useSignInWithLink } from '../api/sign-in-with-link';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';

/**
 * The token lives only in memory: it is read from the address once and the address is replaced at
 * once, so it is not left in history, bookmarks or Referer headers.
 */
let heldToken: string | null = null;

/**
 * #/login/sign-in/:key and #/login/student/sign-in/:key: the e-mailed sign-in link offered while
 * sign-ins to an account are slowed down (docs/product/auth.md#sign-in-throttling). Opening it changes
 * nothing (mail scanners open links); the button signs in, once.
 */
export function SignInLinkPage({ portal }: { portal: 'scholar' | 'student' }) {
  const { key } = useParams();
  const navigate = useNavigate();
  const [token] = useState<string | null>(() => {
    if (key) heldToken = key;
    return heldToken;
  });
  useDocumentTitle('Sign in with an e-mailed link');

  useLayoutEffect(() => {
    if (!key) return;
    const clean = portal === 'student' ? '#/login/student/sign-in' : '#/login/sign-in';
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${clean}`);
  }, [key, portal]);

  const signIn = useSignInWithLink();
  const [challenge, setChallenge] = useState<authApi.TMfaChallenge | null>(null);
  const loginPath = portal === 'student' ? '/login/student' : '/login';
  const linkIsBad = !token || (isApiError(signIn.error) && signIn.error.code === 'LINK_INVALID');
  const problem = linkIsBad ? MSG.signInLinkInvalid : signIn.isError ? MSG.authenticationFailed : null;

  const onSignIn = () => {
    if (!token) return;
    signIn.mutate(token, {
      onSuccess: (session) => {
        heldToken = null;
        if (session.type === 'mfa') setChallenge(session);
        else void navigate('/', { replace: true });
      },
    });
  };

  if (challenge)
    return (
      <SecondStepForm
        challenge={challenge}
        onSignedIn={() => void navigate('/', { replace: true })}
        onStartAgain={() => void navigate(loginPath, { replace: true })}
      />
    );

  return (
    <Box>
      <Typography variant="h1" component="h1" align="center" gutterBottom>
        Sign in with an e-mailed link
      </Typography>
      {problem ? (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          This link signs you in once, without your password. Afterwards this browser is remembered, so you can sign in here with your
          password even while someone else is slowing your account down.
        </Typography>
      )}
      {!linkIsBad ? (
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={onSignIn}
          disabled={signIn.isPending || signIn.isSuccess}
          aria-busy={signIn.isPending}
          startIcon={signIn.isPending ? <CircularProgress size={20} color="inherit" aria-hidden /> : <LoginIcon />}
        >
          {signIn.isPending ? 'Logging in...' : 'Sign in'}
        </Button>
      ) : null}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={loginPath}>
          Go to Login
        </Link>
      </Box>
    </Box>
  );
}
