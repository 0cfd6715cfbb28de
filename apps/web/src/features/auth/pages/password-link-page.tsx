import { useEffect, useLayoutEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { MSG, SESSION, ZPasswordPair } from '@meridian/domain';
import type { z } from 'zod';
import { useInspectPasswordLink } from '../api/inspect-password-link';
import { useSetPasswordWithLink } from '../api/use-password-link';
import { logout } from '../../../app/session/session-actions';
import { useDocumentTitle } from '../../../app/use-document-title';
import { isApiError } from '../../../app/http/api-error';
import { PageLoader } from '../../../ui/page-loader';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { PasswordField } from '../components/password-field';

type TPair = z.input<typeof ZPasswordPair>;

/**
 * The token lives only in memory: it is read from the address once and the address is replaced
 * at once, so it is not left in history, bookmarks or Referer headers.
 */
let heldToken: string | null = null;

/** #/login/pass-reset/:key and #/login/student/pass-reset/:key (reset and staff invitation links). */
export function PasswordLinkPage({ portal }: { portal: 'scholar' | 'student' }) {
  const { key } = useParams();
  const [token] = useState<string | null>(() => {
    if (key) heldToken = key;
    return heldToken;
  });

  useLayoutEffect(() => {
    if (!key) return;
    const clean = portal === 'student' ? '#/login/student/pass-reset' : '#/login/pass-reset';
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${clean}`);
  }, [key, portal]);

  const info = useInspectPasswordLink(token);
  const setPassword = useSetPasswordWithLink();
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isInvite = info.data?.purpose === 'invite';
  useDocumentTitle(isInvite ? 'Set your password' : 'Reset password');

  const isStudent = portal === 'student' || info.data?.userRole === 'ISSSstudent';
  const loginPath = isStudent ? '/login/student' : '/login';
  const forgotPath = isStudent ? '/login/student/reset' : '/login/reset';

  const { control, handleSubmit, setError, formState } = useForm<TPair>({
    resolver: zodResolver(ZPasswordPair),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });

  // After a successful reset, log out and go to login in 4.5 s.
  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(() => void logout({ redirectTo: loginPath }), SESSION.resetSuccessLogoutMs);
    return () => window.clearTimeout(id);
  }, [done, loginPath]);

  const goToLogin = (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to={loginPath}>
        Go to Login
      </Link>
    </Box>
  );

  if (token && info.isPending) return <PageLoader label="Checking your link..." minHeight={200} />;

  const linkIsBad = !token || info.data?.valid === false || (info.isError && isApiError(info.error) && info.error.status < 500);
  if (linkIsBad || info.isError) {
    return (
      <Box>
        <Typography variant="h1" component="h1" align="center" gutterBottom>
          Password link
        </Typography>
        <Alert severity="warning" role="alert">
          {linkIsBad ? MSG.resetLinkInvalid : MSG.defaultError}
        </Alert>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to={forgotPath}>
            Request a new link
          </Link>
        </Box>
        {goToLogin}
      </Box>
    );
  }

  const onValid = (v: TPair) => {
    if (!token) return;
    setFormError(null);
    setPassword.mutate(
      { token, password: v.password, confirmPassword: v.confirmPassword },
      {
        onSuccess: (r) => {
          heldToken = null;
          setDone(r.message || MSG.passwordUpdated);
        },
        onError: (e) => setFormError(handleFormError(e, setError, ['password', 'confirmPassword'])),
      },
    );
  };

  return (
    <Box>
      <Typography variant="h1" component="h1" align="center" gutterBottom>
        {isInvite ? 'Set your password' : 'Reset your password'}
      </Typography>
      {info.data?.userName ? (
        <Typography align="center" color="text.secondary" sx={{ mb: 1 }}>
          User name: <strong>{info.data.userName}</strong>
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Use at least 8 characters with upper and lower case letters and at least one number.
      </Typography>
      <Box component="form" noValidate aria-label="New password" onSubmit={(e) => void handleSubmit(onValid)(e)}>
        {done ? (
          <Alert severity="success" role="status" sx={{ my: 1 }}>
            {done}
          </Alert>
        ) : null}
        {formError ? (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {formError}
          </Alert>
        ) : null}
        {/* Lets password managers store the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={info.data?.userName ?? ''} readOnly hidden />
        <PasswordField control={control} name="password" label="New password" autoComplete="new-password" required disabled={!!done} />
        <PasswordField
          control={control}
          name="confirmPassword"
          label="Repeat password"
          autoComplete="new-password"
          required
          disabled={!!done}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          disabled={!formState.isValid || setPassword.isPending || !!done}
          aria-busy={setPassword.isPending}
          startIcon={setPassword.isPending ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
          sx={{ mt: 2 }}
        >
          {isInvite ? 'Set password' : 'Update password'}
        </Button>
      </Box>
      {goToLogin}
    </Box>
  );
}
