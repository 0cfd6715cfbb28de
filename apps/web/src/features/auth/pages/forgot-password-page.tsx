import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { MSG, SESSION, ZForgotEmail } from '@meridian/domain';
import { z } from 'zod';
import { useForgotPassword } from '../api/forgot-password';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { FormTextField } from '../../../ui/form/form-text-field';

const ZForm = z.object({ email: ZForgotEmail });
type TForm = z.input<typeof ZForm>;

/** #/login/reset and #/login/student/reset: ask for a password reset link. */
export function ForgotPasswordPage({ portal }: { portal: 'scholar' | 'student' }) {
  useDocumentTitle('Reset password');
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loginPath = portal === 'student' ? '/login/student' : '/login';
  const { control, handleSubmit } = useForm<TForm>({ resolver: zodResolver(ZForm), defaultValues: { email: '' } });

  // After success, back to login in 3 s.
  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(() => void navigate(loginPath, { replace: true }), SESSION.forgotSuccessRedirectMs);
    return () => window.clearTimeout(id);
  }, [done, loginPath, navigate]);

  const onValid = (v: TForm) => {
    setError(null);
    forgot.mutate(
      { email: v.email.trim(), portal },
      {
        onSuccess: (r) => setDone(r.message),
        onError: (e) => setError(isApiError(e) && e.status < 500 && e.message ? e.message : MSG.resetEndpointError),
      },
    );
  };

  return (
    <Box>
      <Typography variant="h1" component="h1" align="center" gutterBottom>
        Forgot your password?
      </Typography>
      <Typography color="text.secondary" align="center" sx={{ mb: 1 }}>
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </Typography>
      <Box component="form" noValidate aria-label="Reset password" onSubmit={(e) => void handleSubmit(onValid)(e)}>
        {done ? (
          <Alert severity="success" role="status" sx={{ my: 1 }}>
            {done}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {error}
          </Alert>
        ) : null}
        <FormTextField
          control={control}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          required
          disabled={!!done}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          disabled={forgot.isPending || !!done}
          aria-busy={forgot.isPending}
          startIcon={forgot.isPending ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
          sx={{ mt: 2 }}
        >
          Reset password
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to={loginPath}>
            Go to Login
          </Link>
        </Box>
      </Box>
    </Box>
  );
}
