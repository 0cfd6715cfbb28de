import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { canActOnSite, type sevisApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { sevisBatches, sevisSettings, sevisTransactionLogs } from '../schema.js';
import { batchRecordResults, presentLog } from './translog-import.js';

/** Logs of batches whose campus site the caller reaches (officers of one site see that site's). */
async function reachableBatchFilter(tx: TTx, ctx: TContext): Promise<SQL | undefined> {
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

/** History of imported transaction logs, newest first. */
export async function listTransactionLogs(ctx: TContext, q: { page: number; pageSize: number }) {
  return ctx.db(async (tx) => {
    const where = await reachableBatchFilter(tx, ctx);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sevisTransactionLogs)
      .where(where)) as [{ n: number }];
    const rows = await tx
      .select()
      .from(sevisTransactionLogs)
      .where(where)
      .orderBy(desc(sevisTransactionLogs.importedAt), desc(sevisTransactionLogs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const items = [];
    for (const r of rows) items.push(await presentLog(tx, r));
    return { items, total: n, page: q.page, pageSize: q.pageSize };
  });
}

/** One imported log with the result of each record of its batch. */
export async function getTransactionLog(ctx: TContext, logId: string): Promise<sevisApi.TTransLogDetail> {
  return ctx.db(async (tx) => {
    const where = await reachableBatchFilter(tx, ctx);
    const [row] = await tx
      .select()
      .from(sevisTransactionLogs)
      .where(and(eq(sevisTransactionLogs.id, logId), where));
    if (!row) throw notFound();
    return { log: await presentLog(tx, row), records: row.batchRowId ? await batchRecordResults(tx, row.batchRowId) : [] };
  });
}
