import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, CircularProgress, Link, Typography } from '@mui/material';
import { useBranding } from '../../../app/branding';
import { markSignedOut } from '../../../app/session/session-store';
import { useDocumentTitle } from '../../../app/use-document-title';

/** How long the page is read before the campus logout address takes over. */
export const CAMPUS_LOGOUT_DELAY_MS = 3000;
/** Where the campus sign-out is ended when the institution's logout address cannot be read: the portal's own single logout. */
export const DEFAULT_SSO_LOGOUT_PATH = '/api/auth/saml/logout';

/**
 * #/security-logout[?portal=student]: where signing out lands (docs/product/auth.md#signing-out). The session
 * is already over; the page says so, tells people on shared computers to close the browser, and goes on
 * to the institution's remote logout address when Site Settings name one. When that address cannot be
 * read, the portal's own single-logout path is used (it ends at this page again, marked done).
 */
export function SecurityLogoutPage() {
  useDocumentTitle('Signed out');
  const [search] = useSearchParams();
  const student = search.get('portal') === 'student';
  const done = search.get('done') === '1';
  const branding = useBranding();
  const remote = branding.data?.Remote_logout_url ?? '';
  const leaveTo = done ? '' : branding.isError ? DEFAULT_SSO_LOGOUT_PATH : /^https?:\/\//i.test(remote) ? remote : '';

  // Arrived: a protected page opened later goes to the login page again, as usual.
  useEffect(() => markSignedOut(null), []);
  useEffect(() => {
    if (!leaveTo) return;
    const id = window.setTimeout(() => window.location.assign(leaveTo), CAMPUS_LOGOUT_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [leaveTo]);

  return (
    <Box>
      <Typography variant="h1" component="h1" align="center" gutterBottom>
        You are signed out
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Your session on this portal has ended. On a shared or public computer, close every window of this browser to finish signing out.
      </Typography>
      {leaveTo ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>
            Signing you out of your campus account… <Link href={leaveTo}>Continue now</Link>
          </Typography>
        </Box>
      ) : null}
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={student ? '/login/student' : '/login'}>
          Sign in again
        </Link>
      </Box>
    </Box>
  );
}
