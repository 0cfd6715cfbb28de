import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Redirect } from '../../../ui/redirect';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Divider, Link, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import MailOutline from '@mui/icons-material/MailOutline';
import { authApi, MSG } from '@meridian/domain';
import type { z } from 'zod';
import { useLogin } from '../api/login';
import { useRequestSignInLink } from '../api/request-sign-in-link';
import { useBrandingOrDefault } from '../../../app/branding';
import { useSession } from '../../../app/session/session-store';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { FormTextField } from '../../../ui/form/form-text-field';
import { PasswordField } from '../components/password-field';

const ZCredentials = authApi.ZLoginInput.pick({ userName: true, password: true });
type TCredentials = z.input<typeof ZCredentials>;

/** The message for a failed sign-in. */
function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return MSG.authenticationFailed;
  if (error.status === 401) return MSG.loginNotFound;
  if (error.status === 403 && error.code === 'ROLE_NOT_ALLOWED') return MSG.roleNotAllowed;
  if (error.status === 429) return error.message || MSG.tooManyAttempts;
  return MSG.authenticationFailed;
}

/** The answer that sign-ins to this account are being slowed down (docs/product/auth.md#sign-in-throttling). */
const isThrottled = (error: unknown) => isApiError(error) && error.status === 429 && error.code === 'TOO_MANY_ATTEMPTS';

/** #/login (SCHOLAR: scholars, departments, staff) and #/login/student (STUDENT). */
export function LoginPage({ portal }: { portal: 'scholar' | 'student' }) {
  const session = useSession();
  const navigate = useNavigate();
  const branding = useBrandingOrDefault();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  // While sign-ins to this user name are slowed down, the owner may ask for an e-mailed sign-in link instead.
  const [throttledUser, setThrottledUser] = useState<string | null>(null);
  const requestLink = useRequestSignInLink();
  const [linkAnswer, setLinkAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const title = portal === 'student' ? 'STUDENT' : 'SCHOLAR';
  useDocumentTitle(portal === 'student' ? 'Student Login' : 'Login');

  const { control, handleSubmit } = useForm<TCredentials>({
    resolver: zodResolver(ZCredentials),
    defaultValues: { userName: '', password: '' },
  });

  // Signed-in scholars and departments do not see the login page.
  if (session && (session.userRole === 'scholar' || session.userRole === 'department') && !login.isPending) {
    return <Redirect to="/" />;
  }

  const onValid = (v: TCredentials) => {
    setFormError(null);
    setLinkAnswer(null);
    const userName = v.userName.trim();
    login.mutate(
      { userName, password: v.password, portal },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: (e) => {
          setFormError(loginErrorMessage(e));
          setThrottledUser(isThrottled(e) ? userName : null);
        },
      },
    );
  };
  const onRequestLink = () => {
    if (!throttledUser) return;
    setLinkAnswer(null);
    requestLink.mutate(
      { userName: throttledUser, portal },
      {
        onSuccess: (r) => setLinkAnswer({ ok: true, text: r.message }),
        onError: (e) => setLinkAnswer({ ok: false, text: isApiError(e) && e.status === 429 ? e.message : MSG.authenticationFailed }),
      },
    );
  };
  // The institution's own sign-in page (Site Settings › Remote login URL) is the one real place the
  // button can lead: the server has no single sign-on route of its own, so without that address the
  // button stays hidden rather than leading to a page that does not exist.
  const signOnHref = branding.Remote_login_url;
  const showSignOn = branding.showCampusIdLoginBtn && signOnHref !== '';

  return (
    <Box>
      <Typography variant="h1" component="h1" align="center" sx={{ letterSpacing: 2, mb: 1 }}>
        {title}
      </Typography>
      <Typography align="center" color="text.secondary" sx={{ mb: 2 }}>
        {branding.loginWelcomeText}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label={`${title} login`}
        onSubmit={(e) => void handleSubmit(onValid, () => setFormError(MSG.invalidCredentials))(e)}
      >
        {formError ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {formError}
          </Alert>
        ) : null}
        {throttledUser ? (
          <Box sx={{ mb: 1 }}>
            {linkAnswer ? (
              <Alert severity={linkAnswer.ok ? 'info' : 'error'} role="status" sx={{ mb: 1 }}>
                {linkAnswer.text}
              </Alert>
            ) : null}
            <Button
              variant="outlined"
              fullWidth
              onClick={onRequestLink}
              disabled={requestLink.isPending || linkAnswer?.ok === true}
              aria-busy={requestLink.isPending}
              startIcon={requestLink.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <MailOutline />}
            >
              E-mail me a sign-in link
            </Button>
          </Box>
        ) : null}
        <FormTextField control={control} name="userName" label="User name" autoComplete="username" autoFocus required />
        <PasswordField control={control} name="password" label="Password" autoComplete="current-password" required />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={login.isPending}
          aria-busy={login.isPending}
          startIcon={login.isPending ? <CircularProgress size={20} color="inherit" aria-hidden /> : <LoginIcon />}
          sx={{ mt: 2, py: 1.25 }}
        >
          {login.isPending ? 'Logging in...' : 'LOGIN'}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to={portal === 'student' ? '/login/student/reset' : '/login/reset'}>
            Forgot your password?
          </Link>
        </Box>
      </Box>
      {showSignOn ? (
        <Box sx={{ mt: 3 }}>
          <Divider sx={{ mb: 2 }}>
            <Typography variant="body2" color="text.secondary">
              or Log in with
            </Typography>
          </Divider>
          <Button component="a" href={signOnHref} variant="outlined" color="primary" fullWidth size="large">
            {branding.loginButtonText}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
