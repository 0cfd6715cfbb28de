import type { TStaffMember } from '@meridian/domain';
import type { TAuthenticatedActor } from '../../platform/http/context.js';
import type { users } from './schema.js';
import { canManageStaff, parseStaff } from './staff.policy.js';

type TUserRow = typeof users.$inferSelect;

/** Row to API shape: never the password hash; with whether the caller may manage this person. */
export function presentStaff(row: TUserRow, actor: TAuthenticatedActor): TStaffMember {
  const permissions = parseStaff(row.staffPermissions);
  return {
    userId: row.id,
    userName: row.userName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isActive: row.isActive,
    isPending: row.passwordHash === null,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    permissions,
    canManage: canManageStaff(actor, row.id, permissions),
  };
}

/** What the audit trail keeps of a staff member (no secrets). */
export const auditShape = (row: TUserRow) => ({
  userName: row.userName,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  isActive: row.isActive,
  permissions: parseStaff(row.staffPermissions),
});
