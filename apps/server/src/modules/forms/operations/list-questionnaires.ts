import type { formsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { presentSummary } from '../questionnaire.presenter.js';
import { listQuestionnairesQuery } from '../queries/list-questionnaires.query.js';

/** Form Management's list: questionnaires searched and filtered by program type and Active/Retired. */
export async function listQuestionnaires(ctx: TContext, q: formsApi.TListQuestionnairesQuery) {
  requireActor(ctx);
  return ctx.db(async (tx) => {
    const { rows, total } = await listQuestionnairesQuery(tx, q);
    return { items: rows.map((r) => presentSummary(r.row, r.version)), total, page: q.page, pageSize: q.pageSize };
  });
}
