import { firstUngrantable, MSG, ZStaffPermissions, type TStaffPermissions } from '@meridian/domain';
import { AppError } from '../../platform/errors/app-error.js';
import type { TAuthenticatedActor } from '../../platform/http/context.js';

/** May the actor change a staff member who currently holds `current`? */
export function canManageStaff(actor: TAuthenticatedActor, targetUserId: string, current: TStaffPermissions): boolean {
  if (!actor.staff) return false;
  if (!(actor.staff.isSuper || actor.staff.isOfficer)) return false;
  if (targetUserId === actor.userId) return actor.staff.isSuper;
  return firstUngrantable(actor.staff, current) === null;
}

/** Refuses a grant beyond the actor's own permissions, naming the field. */
export function assertCanGrant(actor: TAuthenticatedActor, granted: TStaffPermissions): void {
  const field = actor.staff ? firstUngrantable(actor.staff, granted) : 'isSuper';
  if (field) throw new AppError(403, 'CANNOT_GRANT', MSG.cannotGrant, { [`permissions.${field}`]: [MSG.cannotGrant] });
}

export const parseStaff = (raw: unknown) => ZStaffPermissions.parse(raw ?? {});
