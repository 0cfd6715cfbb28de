import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hashToken } from '../../platform/auth/tokens.js';
import type { TTx } from '../../platform/db/database.js';
import { users } from '../people/index.js';
import type { TLinkPurpose } from './password-links.js';
import { passwordLinks } from './schema.js';

/**
 * A link of one of these purposes that is neither used nor expired, with its active user; null
 * otherwise. A sign-in link never sets a password, and a password link never opens a session.
 */
export async function findLivePasswordLink(tx: TTx, token: string, purposes: readonly TLinkPurpose[]) {
  const [link] = await tx
    .select()
    .from(passwordLinks)
    .where(and(eq(passwordLinks.tokenHash, hashToken(token)), inArray(passwordLinks.purpose, [...purposes])));
  if (!link || link.usedAt || link.expiresAt.getTime() < Date.now()) return null;
  const [user] = await tx.select().from(users).where(eq(users.id, link.userId));
  if (!user || !user.isActive) return null;
  return { link, user };
}

/** Claims a live link once: of two parallel uses only one gets true. */
export async function claimPasswordLink(tx: TTx, linkId: string): Promise<boolean> {
  const claimed = await tx
    .update(passwordLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordLinks.id, linkId), isNull(passwordLinks.usedAt)))
    .returning({ id: passwordLinks.id });
  return claimed.length > 0;
}
