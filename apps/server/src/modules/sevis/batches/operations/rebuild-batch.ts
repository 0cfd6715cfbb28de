import { eq } from 'drizzle-orm';
import { canActOnSite, sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError, forbidden, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { returnBatchEventsToPending } from '../../../students/index.js';
import { sevisBatches, sevisSettings } from '../../schema.js';
import { senderUserId } from '../../sevis-senders.js';
import { batchRow } from '../queries/batch-list.query.js';
import { createBatchesForSettings } from './create-batches-for-settings.js';

/**
 * "Rebuild batch": SEVIS refused the whole batch (batch result S0001–S0013, SEVIS Validation Error
 * Codes), so none of its records reached SEVIS. Its updates go back to pending and into a new batch
 * with a new batch id (SEVIS answers S0010 to a batch id used before); the refused batch is kept,
 * marked rebuilt (docs/product/sevis-batches.md#fixing-what-did-not-go-through).
 */
export async function rebuildBatch(ctx: TContext, batchRowId: string): Promise<sevisApi.TRebuildBatchOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await batchRow(tx, actor, batchRowId);
    if (!row) throw notFound();
    if (!canActOnSite(actor.staff, row.siteId))
      throw forbidden("Only the batch's campus site SEVIS officers and super users can rebuild it.");
    const sevisUserId = await senderUserId(tx, actor.userId, row.siteId, row.programKind);
    if (!sevisUserId) throw forbidden(sevisApi.SEVIS_MSG.notSender, 'NOT_SENDER');
    const [locked] = await tx.select().from(sevisBatches).where(eq(sevisBatches.id, batchRowId)).for('update');
    if (locked!.status === 'rebuilt') throw new AppError(409, 'CONFLICT', 'This batch was rebuilt already.');
    if (!sevisApi.isWholeBatchRefusal(locked!.resultCode))
      throw new AppError(
        409,
        'CONFLICT',
        'Only a batch SEVIS refused whole (result S0001–S0013) can be rebuilt; send again or cancel its failed records one by one.',
      );
    const returned = await returnBatchEventsToPending(tx, ctx, batchRowId, locked!.batchId);
    const now = new Date();
    await tx.update(sevisBatches).set({ status: 'rebuilt', updatedAt: now }).where(eq(sevisBatches.id, batchRowId));
    const [s] = await tx.select().from(sevisSettings).where(eq(sevisSettings.id, locked!.settingsId));
    const built = returned.length
      ? await createBatchesForSettings(tx, s!, {
          actorUserId: actor.userId,
          sevisUserId,
          ip: ctx.ip,
          eventIds: returned,
          today: ctx.today(),
        })
      : { batches: [], batchedEvents: 0, heldEvents: 0 };
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_batch',
      entityId: batchRowId,
      action: 'sevis.batch.rebuilt',
      before: { status: locked!.status, resultCode: locked!.resultCode },
      after: { status: 'rebuilt', returnedEvents: returned.length, newBatchIds: built.batches.map((b) => b.batchId) },
      ip: ctx.ip,
    });
    return { batches: built.batches, returnedEvents: returned.length, heldEvents: built.heldEvents };
  });
}
