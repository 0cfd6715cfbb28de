import { inArray, sql, type SQL } from 'drizzle-orm';
import { canActOnSite } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { sevisBatches, sevisSettings, sevisTransactionLogs } from '../schema.js';

/** Logs of batches whose campus site the caller reaches (officers of one site see that site's). */
export async function reachableBatchFilter(tx: TTx, ctx: TContext): Promise<SQL | undefined> {
  const staff = requireActor(ctx).staff;
  if (staff?.isSuper) return undefined;
  const settings = await tx.select({ id: sevisSettings.id, siteId: sevisSettings.campusSiteId }).from(sevisSettings);
  const ids = settings.filter((s) => canActOnSite(staff, s.siteId, 'sevisBatch')).map((s) => s.id);
  if (!ids.length) return sql`false`;
  return inArray(
    sevisTransactionLogs.batchRowId,
    tx.select({ id: sevisBatches.id }).from(sevisBatches).where(inArray(sevisBatches.settingsId, ids)),
  );
}
