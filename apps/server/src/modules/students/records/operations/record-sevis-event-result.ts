import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';

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
