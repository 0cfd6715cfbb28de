import { type requestsApi } from '@meridian/domain';
import type { z } from 'zod';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { summariesOf } from '../request.presenter.js';
import { listRequestsQuery } from '../queries/list-requests.query.js';

/** The request list the caller reaches, paged, with who each is about, its requester and its assignee. */
export async function listRequests(ctx: TContext, q: z.output<typeof requestsApi.ZListRequestsQuery>) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { rows, total, totalCapped, next, prev } = await listRequestsQuery(tx, actor, q);
    const items = await summariesOf(tx, rows);
    return { items, total, totalCapped, next, prev, page: q.page, pageSize: q.pageSize };
  });
}
