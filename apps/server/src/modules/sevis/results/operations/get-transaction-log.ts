import { and, eq } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import { notFound } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { sevisTransactionLogs } from '../../schema.js';
import { batchRecordResults, presentLog } from '../trans-log.presenter.js';
import { reachableBatchFilter } from '../reachable-batches.js';

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
