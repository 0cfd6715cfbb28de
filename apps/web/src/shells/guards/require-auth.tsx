import type { ReactNode } from 'react';
import { Redirect } from '../../ui/redirect';
import type { TRole } from '@meridian/domain';
import { loginPathFor, useSession } from '../../app/session/session-store';

/**
 * Token and role guard. It reads the session on every render, so after logout (or in another
 * history entry reached with Back) a protected page never shows without a token.
 */
export function RequireAuth({ roles, children }: { roles: readonly TRole[]; children: ReactNode }) {
  const session = useSession();
  if (!session) {
    const studentArea = roles.length === 1 && roles[0] === 'ISSSstudent';
    return <Redirect to={loginPathFor(studentArea ? 'ISSSstudent' : null)} />;
  }
  // Signed in, but this area is not theirs: the root page sends them where they belong.
  if (!roles.includes(session.userRole)) return <Redirect to="/" />;
  return <>{children}</>;
}
