import { desc, sql } from 'drizzle-orm';
import { type TContext } from '../../../../platform/http/context.js';
import { sevisTransactionLogs } from '../../schema.js';
import { presentLog } from '../trans-log.presenter.js';
import { reachableBatchFilter } from '../reachable-batches.js';

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
