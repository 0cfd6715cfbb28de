import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { sevisSenders } from '../schema.js';

/** The program kinds (F, J) the user sends batches of, from SEVIS Permissions (DSO, ARO). */
export async function senderKinds(tx: TTx, userId: string): Promise<Set<string>> {
  const rows = await tx.select({ kind: sevisSenders.kind }).from(sevisSenders).where(eq(sevisSenders.userId, userId));
  return new Set(rows.map((r) => (r.kind === 'DSO' ? 'F' : 'J')));
}
