import { EMPTY_STAFF_PERMISSIONS } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../schema.js';
import { type TUserRow } from '../user-row.js';

/**
 * An office-staff account made on a person's first single sign-on, when the institution allows it
 * (docs/product/single-sign-on.md#accounts-made-on-first-sign-in): named by the provider's immutable
 * identifier, with no password and every permission off until a super user grants some. Null when the
 * name was taken in the meantime (the caller treats the person as not linked).
 */
export async function createStaffJustInTime(
  tx: TTx,
  institutionId: string,
  input: { userName: string; email: string; firstName: string; lastName: string },
): Promise<TUserRow | null> {
  const [created] = await tx
    .insert(users)
    .values({
      institutionId,
      userName: input.userName,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'isssAdmin',
      staffPermissions: EMPTY_STAFF_PERMISSIONS,
    })
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}
