import { and, eq } from 'drizzle-orm';
import { MSG } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { AppError, badRequest } from '../../platform/errors/app-error.js';
import { users } from '../people/index.js';
import { kindOf } from './extensions.js';
import { type TRequestRow } from './request.policy.js';
import { typeOf } from './request-locks.js';

/**
 * A named faculty advisor must be an active advisor of the institution (400 otherwise; never a student,
 * a scholar or staff, docs/product/workflows.md#who-may-approve); none is fine.
 */
export async function assertAdvisor(tx: TTx, institutionId: string, advisorUserId: string | null | undefined) {
  if (!advisorUserId) return;
  const [a] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, advisorUserId), eq(users.institutionId, institutionId), eq(users.role, 'advisor'), eq(users.isActive, true)));
  if (!a) throw badRequest(MSG.invalidValue, { advisorUserId: ['Choose a faculty advisor from the list.'] });
}

/**
 * Requests whose owner moves them itself (a scholar case keeps its case, lock and form rules in step
 * with its engine requests): the generic submit, cancel and staff transitions refuse them and say where to go.
 */
export async function refuseOwnedElsewhere(tx: TTx, r: TRequestRow): Promise<void> {
  const type = await typeOf(tx, r);
  const message = kindOf(type.code, r)?.movedElsewhere?.(type.code);
  if (message) throw new AppError(409, 'MOVED_BY_OWNER', message);
}
