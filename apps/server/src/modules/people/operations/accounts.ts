import { eq, or, sql } from 'drizzle-orm';
import type { TStaffPermissions } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { conflict } from '../../../platform/errors/app-error.js';
import { users } from '../schema.js';

export type TUserRow = typeof users.$inferSelect;

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

/** The institution's first super user, created with the institution by the first set-up. */
export async function createFirstSuperUser(
  tx: TTx,
  institutionId: string,
  input: { userName: string; email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<TUserRow> {
  const permissions: TStaffPermissions = {
    isSuper: true,
    isOfficer: true,
    officerSites: [],
    isAssistant: false,
    assistantSites: [],
    assistantSettings: {},
    websiteContent: true,
    limitMenu: false,
    availableMenuItems: [],
  };
  const [admin] = await tx
    .insert(users)
    .values({ institutionId, ...input, role: 'isssAdmin', passwordChangedAt: new Date(), staffPermissions: permissions })
    .returning();
  return admin!;
}

/** Notes a successful sign-in (the staff list shows it; an invitation is no longer re-sendable). */
export async function recordSignIn(tx: TTx, userId: string): Promise<void> {
  await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

/** Stores a new password hash (the caller checked the link and the password's strength). */
export async function setPasswordHash(tx: TTx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}
