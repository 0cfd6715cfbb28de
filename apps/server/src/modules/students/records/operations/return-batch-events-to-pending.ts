import { and, eq, inArray } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import type { TContext } from '../../../../platform/http/context.js';
import { sevisPendingEvents } from '../../schema.js';

/**
 * SEVIS refused a whole batch (its upload, S0001–S0013): nothing in it reached SEVIS, so its updates
 * are pending again for a new batch with a new batch id. Returns the ids moved.
 */
export async function returnBatchEventsToPending(tx: TTx, ctx: TContext, batchRowId: string, batchId: string): Promise<string[]> {
  const rows = await tx
    .update(sevisPendingEvents)
    .set({ status: 'pending', message: '', resultCode: '', batchId: null, updatedAt: new Date() })
    .where(and(eq(sevisPendingEvents.batchId, batchRowId), inArray(sevisPendingEvents.status, ['batched', 'sent', 'failed'])))
    .returning({ id: sevisPendingEvents.id, profileId: sevisPendingEvents.profileId, eventType: sevisPendingEvents.eventType });
  for (const r of rows)
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: r.profileId,
      action: 'student.sevis-event.requeued',
      after: { sevisEventId: r.id, eventType: r.eventType, status: 'pending', refusedBatchId: batchId },
      ip: ctx.ip,
    });
  return rows.map((r) => r.id);
}
