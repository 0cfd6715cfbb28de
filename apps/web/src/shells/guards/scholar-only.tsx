import type { ReactNode } from 'react';
import { Redirect } from '../../ui/redirect';
import { useSession } from '../../app/session/session-store';

/** Department users are kept from the scholar application pages. */
export function ScholarOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.userRole === 'department') return <Redirect to="/scholar/unauthorized" />;
  return <>{children}</>;
}
