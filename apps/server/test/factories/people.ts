import { and, eq, sql } from 'drizzle-orm';
import type { TStaffPermissions } from '@meridian/domain';
import { campusSites, departments, users } from '../../src/modules/people/schema.js';
import type { TTestApp } from '../app.js';
import { forgetCachedSessions } from '../../src/platform/auth/session-cache.js';
import { nextSeq, only, owner } from './db.js';

export type TUserRow = typeof users.$inferSelect;
export type TSiteCode = 'MAIN' | 'MED';
export type TDepartmentCode = 'PHYS' | 'CS' | 'MED';

/** A user of an institution by user name (the demo seed's: admin, officer, assistant, dept, scholar, student, advisor). */
export async function userOf(t: TTestApp, userName: string, institutionId = t.institutionA): Promise<TUserRow> {
  return only(
    await owner(t)
      .select()
      .from(users)
      .where(and(eq(users.institutionId, institutionId), sql`lower(${users.userName}) = lower(${userName})`)),
    `user ${userName}`,
  );
}

export const userIdOf = async (t: TTestApp, userName: string, institutionId = t.institutionA) =>
  (await userOf(t, userName, institutionId)).id;

/** The id of a demo campus site (MAIN: Main Campus, MED: Medical Campus). */
export async function siteIdOf(t: TTestApp, code: TSiteCode, institutionId = t.institutionA): Promise<number> {
  return only(
    await owner(t)
      .select({ id: campusSites.id })
      .from(campusSites)
      .where(and(eq(campusSites.institutionId, institutionId), eq(campusSites.code, code))),
    `campus site ${code}`,
  ).id;
}

/** The id of a demo department (PHYS: the demo 'dept' user's, CS, MED). */
export async function departmentIdOf(t: TTestApp, code: TDepartmentCode, institutionId = t.institutionA): Promise<string> {
  return only(
    await owner(t)
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.institutionId, institutionId), eq(departments.code, code))),
    `department ${code}`,
  ).id;
}

export interface TUserOverrides extends Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> {
  /** Signs in with the demo password (the account was invited and its password set); false: not yet. */
  canSignIn?: boolean | undefined;
}

/**
 * A user with a unique name and e-mail: a portal student by default. With canSignIn it carries the demo
 * users' password hash, as if its invitation link had been used, so `t.login(userName)` works.
 */
export async function buildUser(t: TTestApp, o: TUserOverrides = {}): Promise<TUserRow> {
  const { canSignIn = false, ...values } = o;
  const institutionId = values.institutionId ?? t.institutionA;
  const i = nextSeq();
  const userName = values.userName ?? `user${i}.${process.pid}.${Date.now().toString(36)}`;
  const passwordHash = canSignIn ? (await userOf(t, 'admin', institutionId)).passwordHash : null;
  return only(
    await owner(t)
      .insert(users)
      .values({
        role: 'ISSSstudent',
        firstName: 'Test',
        lastName: `User${i}`,
        email: `${userName}@example.edu`,
        ...values,
        institutionId,
        userName,
        passwordHash,
        passwordChangedAt: canSignIn ? new Date() : null,
      })
      .returning(),
    'user',
  );
}

/**
 * Changes a staff member's permissions (the Staff Management page's save, without its audit: the
 * tests that use it are about what the permissions allow, not about changing them). Returns the
 * permissions it replaced, so a test can put them back.
 */
export async function setStaffPermissions(
  t: TTestApp,
  userName: string,
  change: (current: TStaffPermissions) => TStaffPermissions,
  institutionId = t.institutionA,
): Promise<TStaffPermissions> {
  const u = await userOf(t, userName, institutionId);
  if (!u.staffPermissions) throw new Error(`factory: ${userName} is not staff`);
  await owner(t)
    .update(users)
    .set({ staffPermissions: change(u.staffPermissions), updatedAt: new Date() })
    .where(eq(users.id, u.id));
  // As the page's save does on its server: sessions are looked up again on the next call.
  forgetCachedSessions();
  return u.staffPermissions;
}

/** Changes a user's e-mail address (what the user's own profile page saves). */
export async function setUserEmail(t: TTestApp, userName: string, email: string, institutionId = t.institutionA): Promise<void> {
  const u = await userOf(t, userName, institutionId);
  await owner(t).update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, u.id));
}
