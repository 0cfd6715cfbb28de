import { and, eq } from 'drizzle-orm';
import { MSG, ZStaffPermissions } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { type TAuthenticatedActor } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { scholarAreaReaches, staffReaches, type TRequestRow } from './request.policy.js';

/**
 * Active office staff of the request's institution who reach its campus site: who may be assigned it, or
 * one of its tasks (docs/product/requests.md#review-status-and-assignment).
 */
export async function reachingStaff(tx: TTx, r: Pick<TRequestRow, 'institutionId' | 'campusSiteId' | 'profileId' | 'departmentId'>) {
  const staff = await tx
    .select()
    .from(users)
    .where(and(eq(users.institutionId, r.institutionId), eq(users.role, 'isssAdmin'), eq(users.isActive, true)))
    .orderBy(users.lastName, users.firstName);
  return staff.filter((u) => {
    const actor = { role: 'isssAdmin', staff: ZStaffPermissions.parse(u.staffPermissions ?? {}) } as TAuthenticatedActor;
    return staffReaches(actor, r) && scholarAreaReaches(actor, r, 'process');
  });
}

/** Why a person cannot be assigned a request or its task. */
export const NOT_ASSIGNABLE = 'This person cannot be assigned: they do not reach the campus site of this request.';

/**
 * A person chosen to be assigned the request or one of its tasks must be active office staff who reach
 * its campus site (400 on the field otherwise). `kept` is the one already assigned: keeping them is no
 * new choice, so a task whose assignee has since moved on can still be ticked off.
 */
export async function assertAssignable(tx: TTx, r: TRequestRow, field: string, userId: string | null, kept: string | null = null) {
  if (!userId || userId === kept) return;
  if (!(await reachingStaff(tx, r)).some((u) => u.id === userId)) throw badRequest(NOT_ASSIGNABLE, { [field]: [MSG.invalidValue] });
}
