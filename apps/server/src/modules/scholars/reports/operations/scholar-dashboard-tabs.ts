import { SCHOLAR_PHASES, type scholarsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { dashboardTabCounts, type TDashboardFilters } from '../queries/dashboard.query.js';
import { dashboardContext } from '../dashboard-items.js';

/** The tabs (All, then one per phase) with their counts under the current search and filters, each up to the cap. */
export async function scholarDashboardTabs(
  ctx: TContext,
  f: TDashboardFilters,
  today?: string,
): Promise<scholarsApi.TScholarDashboardTab[]> {
  const actor = requireActor(ctx);
  const counts = await ctx.db(async (tx) => dashboardTabCounts(tx, actor, f, await dashboardContext(tx, today ?? ctx.today())));
  return [
    { phase: 'all', label: 'All', ...counts.all! },
    ...SCHOLAR_PHASES.map((p) => ({ phase: p.code, label: p.label, ...counts[p.code]! })),
  ];
}
