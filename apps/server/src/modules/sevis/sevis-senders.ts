import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { sevisSenders } from './schema.js';

/**
 * The caller's SEVIS user id as a sender of this campus site and program kind (F: DSO, J: ARO), or null.
 * It becomes the batch's userID (Create-UpdateStudent.xsd / Create-UpdateExchangeVisitor.xsd, required).
 */
export async function senderUserId(tx: TTx, userId: string, campusSiteId: number, programKind: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: sevisSenders.sevisUserId })
    .from(sevisSenders)
    .where(
      and(
        eq(sevisSenders.userId, userId),
        eq(sevisSenders.campusSiteId, campusSiteId),
        eq(sevisSenders.kind, programKind === 'F' ? 'DSO' : 'ARO'),
      ),
    );
  return row?.id ?? null;
}
