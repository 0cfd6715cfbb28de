import { eq } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { forbidden, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { markBatchEventsSent } from '../../../students/index.js';
import { batchRow, presentBatch } from '../queries/batch-list.query.js';
import { sevisBatches } from '../../schema.js';
import { senderScopes } from '../batch-senders.js';

/** "Mark sent": the batch was uploaded by hand; it and its events await results. Only the DSOs / AROs of its campus site may. */
export async function markBatchSent(ctx: TContext, batchRowId: string): Promise<sevisApi.TSevisBatch> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await batchRow(tx, actor, batchRowId);
    if (!row) throw notFound();
    const senders = await senderScopes(tx, actor.userId);
    if (!senders.has(row.siteId, row.programKind)) throw forbidden(sevisApi.SEVIS_MSG.notSender, 'NOT_SENDER');
    if (row.b.status !== 'pending') return presentBatch(row, senders);
    const now = new Date();
    await tx
      .update(sevisBatches)
      .set({ status: 'sent', sentVia: 'manual', sentBy: actor.userId, sentAt: now, updatedAt: now })
      .where(eq(sevisBatches.id, batchRowId));
    const events = await markBatchEventsSent(tx, batchRowId, now);
    for (const e of events) {
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'student_profile',
        entityId: e.profileId,
        action: 'student.sevis-event.sent',
        after: { sevisEventId: e.id, eventType: e.eventType, batchId: row.b.batchId },
        ip: ctx.ip,
      });
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_batch',
      entityId: batchRowId,
      action: 'sevis.batch-marked-sent',
      before: { status: row.b.status },
      after: { status: 'sent', sentVia: 'manual' },
      ip: ctx.ip,
    });
    return presentBatch({ ...row, b: { ...row.b, status: 'sent', sentVia: 'manual', sentAt: now } }, senders);
  });
}
