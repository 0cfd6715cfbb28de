import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Redirect } from '../../ui/redirect';
import type { TRole } from '@meridian/domain';
import { loginPathFor, signOutDestination, useSession } from '../../app/session/session-store';

/**
 * Token and role guard. It reads the session on every render, so after logout (or in another
 * history entry reached with Back) a protected page never shows without a token.
 */
export function RequireAuth({ roles, children }: { roles: readonly TRole[]; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    // Signed out on purpose: on to the security-logout page, not back to the login page for this one.
    const leaving = signOutDestination();
    if (leaving) return <Redirect to={leaving} />;
    const studentArea = roles.length === 1 && roles[0] === 'ISSSstudent';
    // The page asked for goes with the person to the login page, which opens it after signing in.
    const asked = `${location.pathname}${location.search}`;
    const next = /^\/[a-z]+\/?$/.test(location.pathname) ? '' : `?next=${encodeURIComponent(asked)}`;
    return <Redirect to={`${loginPathFor(studentArea ? 'ISSSstudent' : null)}${next}`} />;
  }
  // Signed in, but this area is not theirs: the root page sends them where they belong.
  if (!roles.includes(session.userRole)) return <Redirect to="/" />;
  return <>{children}</>;
}
