import { inArray } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';

/** Updates now in a batch (not sent yet). */
export async function markSevisEventsBatched(tx: TTx, eventIds: string[], batchRowId: string): Promise<void> {
  if (!eventIds.length) return;
  await tx
    .update(sevisPendingEvents)
    .set({ status: 'batched', message: '', batchId: batchRowId, updatedAt: new Date() })
    .where(inArray(sevisPendingEvents.id, eventIds));
}
