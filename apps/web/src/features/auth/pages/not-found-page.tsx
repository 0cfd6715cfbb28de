import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Link } from '@mui/material';
import { MSG } from '@meridian/domain';
import { MessagePage } from '../../../ui/message-page';

const REDIRECT_MS = 4000;

/** Catch-all: 'Page Not Found', then home by role (the root page knows where that is). */
export function NotFoundPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const id = window.setTimeout(() => void navigate('/', { replace: true }), REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [navigate]);
  return (
    <MessagePage title={MSG.pageNotFound} message="The page you asked for does not exist. We will take you to your home page in a moment.">
      <Link component={RouterLink} to="/">
        Go to my home page now
      </Link>
    </MessagePage>
  );
}
