import { eq } from 'drizzle-orm';
import { staffProfileSites, ZStaffPermissions, type TPersonSites } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../schema.js';

/** The campus sites of the records a person is the subject of (a student's record), from the module that keeps them. */
export type TPersonSitesProvider = (tx: TTx, userId: string) => Promise<Array<number | null>>;

const providers = new Map<string, TPersonSitesProvider>();

/** Registers a module that knows more of where a person belongs (idempotent per name: the last registration wins). */
export function providePersonSites(name: string, provider: TPersonSitesProvider): void {
  providers.set(name, provider);
}

/**
 * The campus sites a person belongs to (null: no such user in this institution). Staff by their
 * permission profile. Anyone else by the records they are the subject of, which a higher module
 * provides (a student's record may have moved to another site since the account was made; a record
 * without a site makes the person one of no site), else by the site their account was made for.
 */
export async function personSites(tx: TTx, userId: string): Promise<TPersonSites | null> {
  const [user] = await tx
    .select({ role: users.role, campusSiteId: users.campusSiteId, staff: users.staffPermissions })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  if (user.role === 'isssAdmin') return staffProfileSites(ZStaffPermissions.parse(user.staff ?? {}));
  const records: Array<number | null> = [];
  for (const provider of providers.values()) records.push(...(await provider(tx, userId)));
  if (records.length === 0) return user.campusSiteId === null ? [] : [user.campusSiteId];
  if (records.includes(null)) return [];
  return [...new Set(records as number[])];
}
