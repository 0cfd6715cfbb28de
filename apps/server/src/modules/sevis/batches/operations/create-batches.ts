import { eq } from 'drizzle-orm';
import { sevisApi, type jobsApi } from '@meridian/domain';
import { forbidden } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sevisSettings } from '../../schema.js';
import { batchesSite, getReachableSettings } from '../../settings-scope.js';
import { senderUserId } from '../../sevis-senders.js';
import { createBatchesForSettings } from './create-batches-for-settings.js';
import type { TJobProgressUpdate } from '../../../../platform/jobs/runner.js';

/** The job kind that builds batches (docs/product/operations.md#long-work-runs-as-jobs). */
export const CREATE_BATCHES_JOB = sevisApi.CREATE_BATCHES_JOB;

/**
 * "Create batches" as a job: who may batch the one OrgID asked for is settled now (403 at once, as
 * before), the building runs as a job the Batch Manager follows.
 */
export async function startCreateBatches(ctx: TContext, input: sevisApi.TCreateBatchesInput): Promise<jobsApi.TJob> {
  const actor = requireActor(ctx);
  if (input.settingsId) {
    const settingsId = input.settingsId;
    await ctx.db(async (tx) => {
      const s = await getReachableSettings(tx, actor, settingsId, batchesSite);
      if (!s.isActive) throw forbidden('These SEVIS settings are not active', 'NOT_SENDER');
      if (!(await senderUserId(tx, actor.userId, s.campusSiteId, s.programKind)))
        throw forbidden(sevisApi.SEVIS_MSG.notSender, 'NOT_SENDER');
    });
  }
  return ctx.services.jobs.enqueue(ctx, CREATE_BATCHES_JOB, input);
}

/**
 * "Create batches" for one OrgID or every OrgID the caller may batch. Sending needs the SEVIS
 * Permissions as well (DSO for F, ARO for J); the batch's userID is the caller's SEVIS user id.
 */
export async function createBatches(
  ctx: TContext,
  input: sevisApi.TCreateBatchesInput,
  progress: (u: TJobProgressUpdate) => void = () => {},
): Promise<sevisApi.TCreateBatchesOutput> {
  const actor = requireActor(ctx);
  const targets = await ctx.db(async (tx) => {
    if (input.settingsId) return [await getReachableSettings(tx, actor, input.settingsId, batchesSite)];
    return (await tx.select().from(sevisSettings).where(eq(sevisSettings.isActive, true))).filter((s) =>
      batchesSite(actor, s.campusSiteId),
    );
  });
  const out: sevisApi.TCreateBatchesOutput = { batches: [], batchedEvents: 0, heldEvents: 0, skipped: [] };
  progress({ done: 0, total: targets.length, phase: 'Finding pending updates' });
  for (const [i, s] of targets.entries()) {
    progress({ done: i, phase: `Building and checking batches for OrgID ${s.orgId}` });
    const r = await ctx.db(async (tx) => {
      const sevisUserId = await senderUserId(tx, actor.userId, s.campusSiteId, s.programKind);
      if (!sevisUserId) return null;
      if (!s.isActive) return null;
      return createBatchesForSettings(tx, s, {
        actorUserId: actor.userId,
        sevisUserId,
        ip: ctx.ip,
        eventIds: input.eventIds,
        today: ctx.today(),
      });
    });
    if (!r) {
      if (input.settingsId)
        throw forbidden(s.isActive ? sevisApi.SEVIS_MSG.notSender : 'These SEVIS settings are not active', 'NOT_SENDER');
      out.skipped.push({ orgId: s.orgId, reason: sevisApi.SEVIS_MSG.notSender });
      continue;
    }
    out.batches.push(...r.batches);
    out.batchedEvents += r.batchedEvents;
    out.heldEvents += r.heldEvents;
  }
  progress({ done: targets.length });
  return out;
}
