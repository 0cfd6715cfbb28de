import { type requestsApi } from '@meridian/domain';
import type { z } from 'zod';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { summaryOf } from '../request.presenter.js';
import { listRequestsQuery } from '../queries/list-requests.query.js';

/** The request list the caller reaches, paged, with the requester and assignee of each. */
export async function listRequests(ctx: TContext, q: z.output<typeof requestsApi.ZListRequestsQuery>) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { rows, total } = await listRequestsQuery(tx, actor, q);
    const items = rows.map((x) => {
      const people = new Map([[x.r.requesterUserId, { id: x.r.requesterUserId, firstName: x.rFirst, lastName: x.rLast, email: x.rEmail }]]);
      if (x.r.assignedToUserId)
        people.set(x.r.assignedToUserId, {
          id: x.r.assignedToUserId,
          firstName: x.aFirst ?? '',
          lastName: x.aLast ?? '',
          email: x.aEmail ?? '',
        });
      return summaryOf(x.r, { code: x.code, name: x.name }, people);
    });
    return { items, total, page: q.page, pageSize: q.pageSize };
  });
}
