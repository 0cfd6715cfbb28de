import { and, eq } from 'drizzle-orm';
import { systemContext, type TServices } from '../../../../platform/http/context.js';
import { listInstitutions } from '../../../../platform/tenancy/institutions.js';
import { sevisSettings } from '../../schema.js';
import { createBatchesForSettings } from './create-batches-for-settings.js';

/**
 * Automated nightly batching: for every active settings row with isAutoBatch, the OrgID's pending
 * events become batches sent as the settings' official (their SEVIS user id), each OrgID in a
 * transaction of its own so one failure does not stop the others. Idempotent: a second run finds
 * nothing pending.
 */
export async function runSevisNightlyBatching(
  services: TServices,
): Promise<{ batches: number; batchedEvents: number; heldEvents: number }> {
  const all = await listInstitutions(services.database);
  const total = { batches: 0, batchedEvents: 0, heldEvents: 0 };
  for (const inst of all) {
    const ctx = systemContext(services, inst);
    const rows = await ctx.db((tx) =>
      tx
        .select()
        .from(sevisSettings)
        .where(and(eq(sevisSettings.isAutoBatch, true), eq(sevisSettings.isActive, true))),
    );
    for (const s of rows) {
      try {
        const r = await ctx.db((tx) =>
          createBatchesForSettings(tx, s, { actorUserId: null, sevisUserId: s.officialSevisUserId, today: ctx.today() }),
        );
        total.batches += r.batches.length;
        total.batchedEvents += r.batchedEvents;
        total.heldEvents += r.heldEvents;
      } catch (e) {
        console.error(`SEVIS nightly batching failed for ${s.orgId}: ${(e as Error).message}`);
      }
    }
  }
  return total;
}
