import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { dashboardPage, type TDashboardQuery } from '../queries/dashboard.query.js';
import { dashboardContext, dashboardItem } from '../dashboard-items.js';

/** Scholar dashboard: one page of a phase tab (or All), searched, filtered and sorted in SQL, paged by number or cursor. */
export async function listScholarDashboard(ctx: TContext, q: TDashboardQuery, today?: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const c = await dashboardContext(tx, today ?? ctx.today());
    const { rows, ...paging } = await dashboardPage(tx, actor, q, c);
    return { items: rows.map((r) => dashboardItem(r, c)), ...paging, page: q.page, pageSize: q.pageSize };
  });
}
