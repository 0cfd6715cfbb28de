import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { sevisPendingEvents, studentDependents } from '../schema.js';

/*
 * A SEVIS update's way through batches, as the sevis module reports it. The students module raises
 * the updates (operations/sevis-events.ts) and keeps them with the record; the sevis module builds,
 * sends and reads back the batches and moves each update here. The caller audits on the record.
 */

/** The batch builder held an update back (the record lacks what SEVIS requires), with the reason. */
export async function holdSevisEvent(tx: TTx, eventId: string, message: string): Promise<void> {
  await tx.update(sevisPendingEvents).set({ status: 'held', message, updatedAt: new Date() }).where(eq(sevisPendingEvents.id, eventId));
}

/** Updates now in a batch (not sent yet). */
export async function markSevisEventsBatched(tx: TTx, eventIds: string[], batchRowId: string): Promise<void> {
  if (!eventIds.length) return;
  await tx
    .update(sevisPendingEvents)
    .set({ status: 'batched', message: '', batchId: batchRowId, updatedAt: new Date() })
    .where(inArray(sevisPendingEvents.id, eventIds));
}

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

/** Updates uploaded to SEVIS (by the batch interface), whatever their state before. */
export async function markSevisEventsSent(tx: TTx, eventIds: string[], at = new Date()): Promise<void> {
  if (!eventIds.length) return;
  await tx.update(sevisPendingEvents).set({ status: 'sent', updatedAt: at }).where(inArray(sevisPendingEvents.id, eventIds));
}

/** SEVIS's answer to one update, from its transaction log. */
export async function recordSevisEventResult(
  tx: TTx,
  eventId: string,
  result: { status: 'succeeded' | 'failed'; resultCode: string; message: string },
  at = new Date(),
): Promise<void> {
  await tx
    .update(sevisPendingEvents)
    .set({ status: result.status, resultCode: result.resultCode, message: result.message.slice(0, 1000), updatedAt: at })
    .where(eq(sevisPendingEvents.id, eventId));
}

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

/** SEVIS created a dependent and gave it its SEVIS ID: it is in step with SEVIS now. */
export async function assignDependentSevisId(tx: TTx, dependentId: string, sevisId: string): Promise<void> {
  await tx
    .update(studentDependents)
    .set({ sevisId, needsSevisUpdate: false, updatedAt: new Date() })
    .where(eq(studentDependents.id, dependentId));
}
