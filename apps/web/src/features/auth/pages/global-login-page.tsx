import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Box, CircularProgress, Link, Typography } from '@mui/material';
import { useDocumentTitle } from '../../../app/use-document-title';
import { ssoStartHref } from '../sso-links';

/**
 * #/global-login[?portal=student&returnTo=/…]: the single sign-on button as an address of its own, for
 * campus web pages to link to; it goes straight on to the institution's sign-in.
 */
export function GlobalLoginPage() {
  useDocumentTitle('Campus sign-in');
  const [search] = useSearchParams();
  const href = ssoStartHref(search.get('portal') === 'student' ? 'student' : 'scholar', search.get('returnTo'));
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return (
    <Box>
      <Typography variant="h1" component="h1" align="center" gutterBottom>
        Campus sign-in
      </Typography>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, my: 3 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>
          Taking you to your institution's sign-in page. If nothing happens, <Link href={href}>continue here</Link>.
        </Typography>
      </Box>
    </Box>
  );
}
