import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../schema.js';

/** Notes a successful sign-in (the staff list shows it; an invitation is no longer re-sendable). */
export async function recordSignIn(tx: TTx, userId: string): Promise<void> {
  await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}
