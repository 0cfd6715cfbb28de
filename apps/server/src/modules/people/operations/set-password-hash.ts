import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../schema.js';

/** Stores a new password hash (the caller checked the link and the password's strength). */
export async function setPasswordHash(tx: TTx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}
