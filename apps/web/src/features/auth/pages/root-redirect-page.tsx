import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Redirect } from '../../../ui/redirect';
import { MSG, SESSION } from '@meridian/domain';
import { useSession } from '../../../app/session/session-store';
import { logout } from '../../../app/session/session-actions';
import { landingPathFor } from '../../../app/landing';
import { useDocumentTitle } from '../../../app/use-document-title';
import { useCurrentUser } from '../api/get-current-user';
import { useBrandingOrDefault } from '../../../app/branding';
import { PageLoader } from '../../../ui/page-loader';
import { MessagePage } from '../../../ui/message-page';

/** #/ : 'Loading...' behind a login guard, then on to the user's home by role (spec 000 s4). */
export function RootRedirectPage() {
  useDocumentTitle('Loading...');
  const session = useSession();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const branding = useBrandingOrDefault();
  const [rejected, setRejected] = useState(false);
  const user = me.data;

  useEffect(() => {
    if (!user || rejected) return;
    const target = landingPathFor(user);
    if (target === null) {
      // A role the portal does not serve: say so, end the session, then leave (spec 000 s4).
      setRejected(true);
      void logout({ stay: true });
      return;
    }
    const delay = user.userRole === 'department' ? SESSION.departmentRedirectDelayMs : 0;
    const id = window.setTimeout(() => void navigate(target, { replace: true }), delay);
    return () => window.clearTimeout(id);
  }, [user, rejected, navigate]);

  const leaveTo = branding.Remote_logout_url || '/login';
  useEffect(() => {
    if (!rejected) return;
    const id = window.setTimeout(() => {
      if (/^https?:\/\//i.test(leaveTo)) window.location.assign(leaveTo);
      else void navigate(leaveTo, { replace: true });
    }, SESSION.unknownRoleRedirectMs);
    return () => window.clearTimeout(id);
  }, [rejected, leaveTo, navigate]);

  if (rejected) return <MessagePage title="Access denied" message={MSG.roleNotAllowed} />;
  if (!session) return <Redirect to="/login" />;
  return <PageLoader label="Loading..." minHeight="100vh" />;
}
