import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import { MSG } from '@meridian/domain';
import { MessagePage } from '../../../ui/message-page';

/** The unauthorized page of a shell. */
export function UnauthorizedPage({ homePath = '/', message = MSG.noAccessPage }: { homePath?: string; message?: string }) {
  return (
    <MessagePage title="No access" message={message}>
      <Link component={RouterLink} to={homePath}>
        Go to my home page
      </Link>
    </MessagePage>
  );
}
