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
 * permission profile; anyone else by the site of their account and of the records they are the
 * subject of, which a higher module provides (a student's record may have moved to another site
 * since the account was made).
 */
export async function personSites(tx: TTx, userId: string): Promise<TPersonSites | null> {
  const [user] = await tx
    .select({ role: users.role, campusSiteId: users.campusSiteId, staff: users.staffPermissions })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  if (user.role === 'isssAdmin') return staffProfileSites(ZStaffPermissions.parse(user.staff ?? {}));
  const sites = new Set<number>();
  if (user.campusSiteId !== null) sites.add(user.campusSiteId);
  for (const provider of providers.values()) for (const s of await provider(tx, userId)) if (s !== null) sites.add(s);
  return [...sites];
}
