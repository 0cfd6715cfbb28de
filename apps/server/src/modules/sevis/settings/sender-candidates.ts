import { and, asc, eq } from 'drizzle-orm';
import { preparesSevisBatches, ZStaffPermissions, type sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../../people/index.js';

/** What a SEVIS sender is saved from. */
export type TSevisSenderFields = z.output<typeof sevisApi.ZSevisSenderInput>;

/** Who sends for which program: F (students) or J (exchange visitors). */
export type TSenderKind = sevisApi.TSevisSenderKind;

/** A person's name as lists show it. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Active staff who could prepare batches: super users, officers, assistants with the sevisBatch flag. */
/** Active office staff who may prepare SEVIS batches: who may be named a sender. */
export async function senderCandidates(tx: TTx) {
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, staff: users.staffPermissions })
    .from(users)
    .where(and(eq(users.role, 'isssAdmin'), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.filter((r) => preparesSevisBatches(ZStaffPermissions.parse(r.staff ?? {})));
}
