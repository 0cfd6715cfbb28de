import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { sevisSenders } from './schema.js';

/** The caller's SEVIS user id as a sender of this program kind (F: DSO, J: ARO), or null. */
export async function senderUserId(tx: TTx, userId: string, programKind: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: sevisSenders.sevisUserId })
    .from(sevisSenders)
    .where(and(eq(sevisSenders.userId, userId), eq(sevisSenders.kind, programKind === 'F' ? 'DSO' : 'ARO')));
  return row?.id ?? null;
}
