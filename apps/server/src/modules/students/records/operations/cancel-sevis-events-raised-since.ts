import { and, eq, notInArray } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';

/**
 * Cancels the pending updates of a record raised after a point (all but `keepIds`), saying why; the
 * updates pending before it stay. Returns how many were cancelled.
 */
export async function cancelSevisEventsRaisedSince(tx: TTx, profileId: string, keepIds: string[], note: string): Promise<number> {
  const rows = await tx
    .update(sevisPendingEvents)
    .set({ status: 'cancelled', message: note, updatedAt: new Date() })
    .where(
      and(
        eq(sevisPendingEvents.profileId, profileId),
        eq(sevisPendingEvents.status, 'pending'),
        keepIds.length ? notInArray(sevisPendingEvents.id, keepIds) : undefined,
      ),
    )
    .returning({ id: sevisPendingEvents.id });
  return rows.length;
}
