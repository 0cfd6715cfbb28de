import { eq } from 'drizzle-orm';
import { hashToken } from '../../platform/auth/tokens.js';
import type { TTx } from '../../platform/db/database.js';
import { users } from '../people/index.js';
import { passwordLinks } from './schema.js';

/** A password link that is neither used nor expired, with its active user; null otherwise. */
export async function findLivePasswordLink(tx: TTx, token: string) {
  const [link] = await tx
    .select()
    .from(passwordLinks)
    .where(eq(passwordLinks.tokenHash, hashToken(token)));
  if (!link || link.usedAt || link.expiresAt.getTime() < Date.now()) return null;
  const [user] = await tx.select().from(users).where(eq(users.id, link.userId));
  if (!user || !user.isActive) return null;
  return { link, user };
}
