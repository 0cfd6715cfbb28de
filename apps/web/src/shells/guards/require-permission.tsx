import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { can, type TPermission } from '@meridian/domain';
import { UnauthorizedPage, useGetCurrentUser } from '../../features/auth';
import { PageLoader } from '../../ui/page-loader';
import { actorOf } from '../common/menu';

/**
 * A page (or, without children, every child route) that needs one permission of the catalogue (or any one of a list):
 * others see the shell's "No access" page with a link home. The server refuses their calls anyway;
 * this spares them a page of errors.
 */
export function RequirePermission({
  permission,
  homePath,
  message,
  children,
}: {
  permission: TPermission | readonly TPermission[];
  homePath: string;
  /** What the "No access" page says, when not the page's own message (an area's, for its home page). */
  message?: string;
  children?: ReactNode;
}) {
  const me = useGetCurrentUser();
  if (me.isPending) return <PageLoader />;
  const actor = me.data ? actorOf(me.data) : null;
  if (!(typeof permission === 'string' ? [permission] : permission).some((p) => can(actor, p)))
    return <UnauthorizedPage homePath={homePath} {...(message ? { message } : {})} />;
  return children ?? <Outlet />;
}
