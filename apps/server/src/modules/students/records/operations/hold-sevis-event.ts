import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';

/*
 * A SEVIS update's way through batches, as the sevis module reports it. The students module raises
 * the updates (operations/sevis-events.ts) and keeps them with the record; the sevis module builds,
 * sends and reads back the batches and moves each update here. The caller audits on the record.
 */

/** The batch builder held an update back (the record lacks what SEVIS requires), with the reason. */
export async function holdSevisEvent(tx: TTx, eventId: string, message: string): Promise<void> {
  await tx.update(sevisPendingEvents).set({ status: 'held', message, updatedAt: new Date() }).where(eq(sevisPendingEvents.id, eventId));
}
