import { can, type TPermission } from '@meridian/domain';
import { actorOf } from '../../../shells/common/menu';
import { useGetCurrentUser } from './get-current-user';

/** Whether the signed-in person holds a permission (the server decides again on each call). */
export function useCan(permission: TPermission): boolean {
  const me = useGetCurrentUser();
  return can(me.data ? actorOf(me.data) : null, permission);
}
