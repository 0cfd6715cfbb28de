import { PROCESSED_STATE_LABELS, SCHOLAR_PHASES, SCHOLAR_STATUSES, type scholarsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { dashboardBreakdown, type TDashboardFilters } from '../queries/dashboard.query.js';
import { dashboardContext } from '../dashboard-items.js';

/** Report summary: the view's cases by processed visa type × phase and × status, with totals. */
export async function scholarReportSummary(
  ctx: TContext,
  f: TDashboardFilters,
  today?: string,
): Promise<scholarsApi.TScholarReportSummary> {
  const actor = requireActor(ctx);
  const cells = await ctx.db(async (tx) => dashboardBreakdown(tx, actor, f, await dashboardContext(tx, today ?? ctx.today())));
  const empty = () => ({
    byPhase: Object.fromEntries(SCHOLAR_PHASES.map((p) => [p.code, 0])) as Record<string, number>,
    byStatus: Object.fromEntries(SCHOLAR_STATUSES.map((x) => [x.code, 0])) as Record<string, number>,
    total: 0,
  });
  const byVisa = new Map<string, ReturnType<typeof empty>>();
  const totals = empty();
  for (const cell of cells) {
    const row = byVisa.get(cell.visa) ?? empty();
    byVisa.set(cell.visa, row);
    for (const t of [row, totals]) {
      t.byPhase[cell.phase] = (t.byPhase[cell.phase] ?? 0) + cell.n;
      t.byStatus[cell.status] = (t.byStatus[cell.status] ?? 0) + cell.n;
      t.total += cell.n;
    }
  }
  // Visa types in the order of the processed-state labels ('' = not yet processed first), unknown ones last.
  const order = Object.keys(PROCESSED_STATE_LABELS);
  const rows = [...byVisa.entries()]
    .sort(
      ([x], [y]) => (order.indexOf(x) < 0 ? 99 : order.indexOf(x)) - (order.indexOf(y) < 0 ? 99 : order.indexOf(y)) || x.localeCompare(y),
    )
    .map(([visa, r]) => ({ visa, label: PROCESSED_STATE_LABELS[visa] ?? visa, ...r }));
  return { rows, totals };
}
