import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { sevisSenders } from '../schema.js';

/** Which campus sites' batches of which program kind (F, J) a user sends, from SEVIS Permissions (DSO, ARO). */
export interface TSenderScopes {
  has: (campusSiteId: number, programKind: string) => boolean;
}

/** The campus sites and program kinds the user sends batches of (their SEVIS Permissions entries). */
export async function senderScopes(tx: TTx, userId: string): Promise<TSenderScopes> {
  const rows = await tx
    .select({ site: sevisSenders.campusSiteId, kind: sevisSenders.kind })
    .from(sevisSenders)
    .where(eq(sevisSenders.userId, userId));
  const keys = new Set(rows.map((r) => `${r.site}:${r.kind === 'DSO' ? 'F' : 'J'}`));
  return { has: (campusSiteId, programKind) => keys.has(`${campusSiteId}:${programKind}`) };
}
