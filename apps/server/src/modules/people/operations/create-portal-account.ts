import { eq, or, sql } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { conflict } from '../../../platform/errors/app-error.js';
import { users } from '../schema.js';
import { type TUserRow } from '../user-row.js';

/**
 * A portal account for a student or scholar, named by its e-mail address. An address already used
 * as anyone's user name or e-mail is refused with the caller's message (on the e-mail field), also
 * when a parallel invitation takes it between the check and the insert.
 */
export async function createPortalAccount(
  tx: TTx,
  institutionId: string,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    role: 'ISSSstudent' | 'scholar';
    departmentId?: string | null | undefined;
    campusSiteId?: number | null | undefined;
  },
  takenMessage: string,
): Promise<TUserRow> {
  const lower = input.email.toLowerCase();
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(or(eq(sql`lower(${users.userName})`, lower), eq(sql`lower(${users.email})`, lower)))
    .limit(1);
  if (taken) throw conflict(takenMessage, { email: [takenMessage] });
  const [created] = await tx
    .insert(users)
    .values({
      institutionId,
      userName: input.email,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      departmentId: input.departmentId ?? null,
      campusSiteId: input.campusSiteId ?? null,
    })
    .returning()
    .catch((e: unknown) => {
      if (isUniqueViolation(e, 'users_user_name_uq')) throw conflict(takenMessage, { email: [takenMessage] });
      throw e;
    });
  return created!;
}
