import { and, eq } from 'drizzle-orm';
import { ZStaffPermissions } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { type TAuthenticatedActor } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { staffReaches, type TRequestRow } from './request.policy.js';

/** Active office staff who reach the request's campus site: who may be assigned it. */
export async function reachingStaff(tx: TTx, r: TRequestRow) {
  const staff = await tx
    .select()
    .from(users)
    .where(and(eq(users.role, 'isssAdmin'), eq(users.isActive, true)))
    .orderBy(users.lastName, users.firstName);
  return staff.filter((u) =>
    staffReaches({ role: 'isssAdmin', staff: ZStaffPermissions.parse(u.staffPermissions ?? {}) } as TAuthenticatedActor, r),
  );
}
