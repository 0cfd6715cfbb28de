import { eq } from 'drizzle-orm';
import { canActOnSite, sevisApi, type jobsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, forbidden, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import type { TJobRun } from '../../../../platform/jobs/runner.js';
import { returnBatchEventsToPending } from '../../../students/index.js';
import { sevisBatches, sevisSettings } from '../../schema.js';
import { senderUserId } from '../../sevis-senders.js';
import { batchRow } from '../queries/batch-list.query.js';
import { createBatchesForSettings } from './create-batches-for-settings.js';

/** The job kind that rebuilds a refused batch (docs/product/sevis-batches.md#fixing-what-did-not-go-through). */
export const REBUILD_BATCH_JOB = sevisApi.REBUILD_BATCH_JOB;

/** Who may rebuild the batch: it is reachable (404), on the caller's campus site, and the caller is its program's SEVIS sender (403). */
async function assertMayRebuild(tx: TTx, ctx: TContext, batchRowId: string): Promise<{ sevisUserId: string }> {
  const actor = requireActor(ctx);
  const row = await batchRow(tx, actor, batchRowId);
  if (!row) throw notFound();
  if (!canActOnSite(actor.staff, row.siteId))
    throw forbidden("Only the batch's campus site SEVIS officers and super users can rebuild it.");
  const sevisUserId = await senderUserId(tx, actor.userId, row.siteId, row.programKind);
  if (!sevisUserId) throw forbidden(sevisApi.SEVIS_MSG.notSender, 'NOT_SENDER');
  return { sevisUserId };
}

/** Only a batch SEVIS refused whole, and not rebuilt yet, is rebuilt (409). */
function assertRebuildable(b: typeof sevisBatches.$inferSelect): void {
  if (b.status === 'rebuilt') throw new AppError(409, 'CONFLICT', 'This batch was rebuilt already.');
  if (!sevisApi.isWholeBatchRefusal(b.resultCode))
    throw new AppError(
      409,
      'CONFLICT',
      'Only a batch SEVIS refused whole (result S0001–S0013) can be rebuilt; send again or cancel its failed records one by one.',
    );
}

/**
 * "Rebuild batch" as a job: who may rebuild it and whether it can be rebuilt are settled now (404, 403,
 * 409 at once); the returning and rebuilding run as a job the Batch Manager follows.
 */
export async function startRebuildBatch(ctx: TContext, batchRowId: string): Promise<jobsApi.TJob> {
  await ctx.db(async (tx) => {
    await assertMayRebuild(tx, ctx, batchRowId);
    const [b] = await tx.select().from(sevisBatches).where(eq(sevisBatches.id, batchRowId));
    assertRebuildable(b!);
  });
  return ctx.services.jobs.enqueue(ctx, REBUILD_BATCH_JOB, { batchRowId });
}

/**
 * "Rebuild batch": SEVIS refused the whole batch (batch result S0001–S0013, SEVIS Validation Error
 * Codes), so none of its records reached SEVIS. Its updates go back to pending and into a new batch
 * with a new batch id (SEVIS answers S0010 to a batch id used before); the refused batch is kept,
 * marked rebuilt (docs/product/sevis-batches.md#fixing-what-did-not-go-through). All in one transaction
 * that also completes the job, so a job resumed after a crash never rebuilds twice.
 */
export async function rebuildBatch(
  ctx: TContext,
  batchRowId: string,
  job: Pick<TJobRun<unknown>, 'progress' | 'completeIn'>,
): Promise<sevisApi.TRebuildBatchOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { sevisUserId } = await assertMayRebuild(tx, ctx, batchRowId);
    const [locked] = await tx.select().from(sevisBatches).where(eq(sevisBatches.id, batchRowId)).for('update');
    assertRebuildable(locked!);
    job.progress({ phase: `Returning the updates of batch ${locked!.batchId} to pending` });
    const returned = await returnBatchEventsToPending(tx, ctx, batchRowId, locked!.batchId);
    job.progress({ phase: 'Building and checking the new batch', done: 0, total: returned.length });
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
    const out = { batches: built.batches, returnedEvents: returned.length, heldEvents: built.heldEvents };
    job.progress({ done: returned.length });
    await job.completeIn(tx, out);
    return out;
  });
}
