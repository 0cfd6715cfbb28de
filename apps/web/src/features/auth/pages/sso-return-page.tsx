import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { authApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { useExchangeSso } from '../api/exchange-sso';
import { isPortalPath } from '../sso-links';
import { SecondStepForm } from '../components/second-step-form';

/** The one-time code lives only in memory: read from the address once, and the address replaced at once. */
let heldCode: string | null = null;

/**
 * #/login/sso/:key and #/login/student/sso/:key: the campus identity provider has vouched for the person;
 * the page trades the one-time code for a session and goes on to the page they asked for (or their home).
 */
export function SsoReturnPage({ portal }: { portal: 'scholar' | 'student' }) {
  const { key } = useParams();
  const navigate = useNavigate();
  const [code] = useState<string | null>(() => {
    if (key) heldCode = key;
    return heldCode;
  });
  useDocumentTitle('Signing in');
  const loginPath = portal === 'student' ? '/login/student' : '/login';

  useLayoutEffect(() => {
    if (!key) return;
    const clean = portal === 'student' ? '#/login/student/sso' : '#/login/sso';
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${clean}`);
  }, [key, portal]);

  const exchange = useExchangeSso();
  // A person with two-step sign-in whose provider did not vouch for a second factor: the second step here.
  const [challenge, setChallenge] = useState<authApi.TMfaChallenge | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const goOn = (to: string | null) => void navigate(to && isPortalPath(to) ? to : '/', { replace: true });
  const started = useRef(false);
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    exchange.mutate(code, {
      onSuccess: ({ session, returnTo: to }) => {
        heldCode = null;
        if (session.type === 'mfa') {
          setChallenge(session);
          setReturnTo(to);
        } else void navigate(to && isPortalPath(to) ? to : '/', { replace: true });
      },
    });
  }, [code, exchange, navigate]);

  if (challenge)
    return (
      <SecondStepForm
        challenge={challenge}
        onSignedIn={() => goOn(returnTo)}
        onStartAgain={() => void navigate(loginPath, { replace: true })}
      />
    );

  const failed = !code || exchange.isError;
  return (
    <Box>
      <Typography variant="h1" component="h1" align="center" gutterBottom>
        {failed ? 'Single sign-on' : 'Signing you in'}
      </Typography>
      {failed ? (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {authApi.MSG_SSO.expired}
        </Alert>
      ) : (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, my: 3 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Your campus sign-in worked. Opening the portal…</Typography>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={loginPath}>
          Go to Login
        </Link>
      </Box>
    </Box>
  );
}
