import { eq, sql } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { users, type TUserRow } from '../people/index.js';

/** Roles that may hold a portal session; advisors act only through their e-mailed links. */
export const PORTAL_ROLES: ReadonlySet<string> = new Set(['scholar', 'department', 'ISSSstudent', 'isssAdmin']);

/** The account a user name names in this institution, regardless of case (null: none). */
export async function findAccountByUserName(tx: TTx, userName: string): Promise<TUserRow | null> {
  const [u] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.userName})`, userName.trim().toLowerCase()));
  return u ?? null;
}
