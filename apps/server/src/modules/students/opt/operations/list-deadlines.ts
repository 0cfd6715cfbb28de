import type { studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { listDeadlinesQuery } from '../queries/deadlines.query.js';

/** The deadlines dashboard: what is due across the caller's students (campus-site scope in the query), as of today. */
export async function listDeadlines(ctx: TContext, q: studentsApi.TListDeadlinesQuery) {
  const actor = requireActor(ctx);
  return ctx.db((tx) => listDeadlinesQuery(tx, actor, q, ctx.today()));
}
