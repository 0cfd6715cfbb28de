import { eq, sql } from 'drizzle-orm';
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

/**
 * Holds back many updates, each with its own reason, in one statement (a batch run can hold hundreds):
 * the same change as holdSevisEvent on each.
 */
export async function holdSevisEvents(tx: TTx, held: { eventId: string; message: string }[]): Promise<void> {
  if (!held.length) return;
  const rows = JSON.stringify(held.map((h) => ({ id: h.eventId, message: h.message })));
  await tx
    .update(sevisPendingEvents)
    .set({ status: 'held', message: sql`x.message`, updatedAt: new Date() })
    .from(sql`jsonb_to_recordset(${rows}::jsonb) as x(id uuid, message text)`)
    .where(eq(sevisPendingEvents.id, sql`x.id`));
}
