import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import { MSG } from '@meridian/domain';
import { MessagePage } from '../../../ui/message-page';

/** The unauthorized page of a shell. */
export function UnauthorizedPage({ homePath = '/' }: { homePath?: string }) {
  return (
    <MessagePage title="No access" message={MSG.noAccessPage}>
      <Link component={RouterLink} to={homePath}>
        Go to my home page
      </Link>
    </MessagePage>
  );
}
