import type { studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { listStemReportsQuery } from '../queries/stem-reports.query.js';

/** STEM Report Participation list. */
export async function listStemReports(ctx: TContext, q: studentsApi.TListStemReportsQuery) {
  const actor = requireActor(ctx);
  return ctx.db((tx) => listStemReportsQuery(tx, actor, q, ctx.today()));
}
