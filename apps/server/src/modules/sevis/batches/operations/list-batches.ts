import { type sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { listBatchRows, presentBatch } from '../queries/batch-list.query.js';
import { senderScopes } from '../batch-senders.js';

/** Batch Manager's list of batches the caller may see, filtered and paged. */
export async function listBatches(ctx: TContext, q: z.output<typeof sevisApi.ZListBatchesQuery>) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const senders = await senderScopes(tx, actor.userId);
    const { total, rows } = await listBatchRows(tx, actor, q);
    return { total, page: q.page, pageSize: q.pageSize, items: rows.map((r) => presentBatch(r, senders)) };
  });
}
