import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';

/** A batch was sent to SEVIS: its updates are sent. Returns the updates that moved. */
export async function markBatchEventsSent(
  tx: TTx,
  batchRowId: string,
  at = new Date(),
): Promise<{ id: string; profileId: string; eventType: string }[]> {
  return tx
    .update(sevisPendingEvents)
    .set({ status: 'sent', updatedAt: at })
    .where(and(eq(sevisPendingEvents.batchId, batchRowId), eq(sevisPendingEvents.status, 'batched')))
    .returning({ id: sevisPendingEvents.id, profileId: sevisPendingEvents.profileId, eventType: sevisPendingEvents.eventType });
}
