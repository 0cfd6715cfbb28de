import { inArray } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';

/** Updates uploaded to SEVIS (by the batch interface), whatever their state before. */
export async function markSevisEventsSent(tx: TTx, eventIds: string[], at = new Date()): Promise<void> {
  if (!eventIds.length) return;
  await tx.update(sevisPendingEvents).set({ status: 'sent', updatedAt: at }).where(inArray(sevisPendingEvents.id, eventIds));
}
