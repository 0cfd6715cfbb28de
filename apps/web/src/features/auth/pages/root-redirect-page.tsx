import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Redirect } from '../../../ui/redirect';
import { MSG, SESSION } from '@meridian/domain';
import { useSession } from '../../../app/session/session-store';
import { logout } from '../../../app/session/session-actions';
import { landingPathFor } from '../../../app/landing';
import { useDocumentTitle } from '../../../app/use-document-title';
import { useGetCurrentUser } from '../api/get-current-user';
import { useBrandingOrDefault } from '../../../app/branding';
import { PageLoader } from '../../../ui/page-loader';
import { MessagePage } from '../../../ui/message-page';

/** #/ : 'Loading...' behind a login guard, then on to the user's home by role . */
export function RootRedirectPage() {
  useDocumentTitle('Loading...');
  const session = useSession();
  const me = useGetCurrentUser();
  const navigate = useNavigate();
  const branding = useBrandingOrDefault();
  const user = me.data;
  const target = user ? landingPathFor(user) : undefined;
  // A role the portal does not serve: say so, end the session, then leave. The answer outlives the
  // session it ends, so it is kept rather than derived again from a user who is gone.
  const [rejected, setRejected] = useState(false);
  if (target === null && !rejected) setRejected(true);

  useEffect(() => {
    if (!user || !target) return;
    const delay = user.userRole === 'department' ? SESSION.departmentRedirectDelayMs : 0;
    const id = window.setTimeout(() => void navigate(target, { replace: true }), delay);
    return () => window.clearTimeout(id);
  }, [user, target, navigate]);

  const leaveTo = branding.Remote_logout_url || '/login';
  useEffect(() => {
    if (!rejected) return;
    void logout({ stay: true });
  }, [rejected]);
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
