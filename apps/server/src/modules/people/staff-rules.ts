import { and, isNotNull, eq, sql } from 'drizzle-orm';
import { MSG } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { users } from './schema.js';
import { canManageStaff, parseStaff } from './staff.policy.js';

/** An office staff member (404 otherwise). */
export async function loadStaff(tx: TTx, userId: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'isssAdmin')));
  if (!row) throw notFound();
  return row;
}

/** The message when a change would leave no active super user. */
export const LAST_SUPER = 'At least one active super user must remain.';

/**
 * Refuses a change that would leave the institution without an active super user other than
 * `userId`. The super users' rows are locked in one order, so two such changes at the same moment
 * (two super users stepping down, or demoting each other) queue instead of both passing the check.
 */
export async function assertAnotherSuperRemains(tx: TTx, userId: string, fieldErrors?: Record<string, string[]>): Promise<void> {
  const supers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, true), isNotNull(users.passwordHash), sql`(${users.staffPermissions}->>'isSuper')::boolean is true`))
    .orderBy(users.id)
    .for('update');
  if (!supers.some((s) => s.id !== userId)) throw badRequest(LAST_SUPER, fieldErrors);
}

/** A staff member the caller may manage (403 otherwise), with the caller. */
export async function loadManageableStaff(ctx: TContext, tx: TTx, userId: string) {
  const actor = requireActor(ctx);
  const row = await loadStaff(tx, userId);
  if (!canManageStaff(actor, row.id, parseStaff(row.staffPermissions))) throw forbidden(MSG.cannotGrant, 'CANNOT_GRANT');
  return { actor, row };
}
