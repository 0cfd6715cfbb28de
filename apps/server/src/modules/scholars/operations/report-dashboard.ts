import { PROCESSED_STATE_LABELS, SCHOLAR_PHASES, SCHOLAR_STATUSES, isEndingSoon, todayIso, type scholarsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TTx } from '../../../platform/db/database.js';
import {
  dashboardBreakdown,
  dashboardPage,
  dashboardTabCounts,
  type TDashboardContext,
  type TDashboardFilters,
  type TDashboardQuery,
  type TDashboardRow,
} from '../queries/dashboard.query.js';
import { readAccountSettings } from './account-settings.js';

type TItem = scholarsApi.TScholarDashboardItem;

/** Today and the "ending soon" window (the largest end-date alert offset of the account settings). */
export async function dashboardContext(tx: TTx, today = todayIso()): Promise<TDashboardContext & { offsets: number[] }> {
  const { endDateAlertOffsets } = await readAccountSettings(tx);
  return { today, endingSoonDays: Math.max(...endDateAlertOffsets), offsets: endDateAlertOffsets };
}

const toItem = (r: TDashboardRow, c: { today: string; offsets: number[] }): TItem => ({
  applicationId: r.applicationId,
  scholarId: r.scholarId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  department: { id: r.departmentId, name: r.departmentName },
  proposedStatus: r.proposedStatus,
  processedState: r.processedState,
  phase: r.phase,
  status: r.status,
  premiumProcessFlag: r.premiumProcessFlag,
  processedEndDate: r.processedEndDate,
  isEndingSoon: isEndingSoon(r.processedEndDate, c.today, c.offsets),
  updatedAt: r.updatedAt.toISOString(),
});

/** Scholar dashboard: one page of a phase tab (or All), searched, filtered and sorted in SQL. */
export async function listScholarDashboard(ctx: TContext, q: TDashboardQuery, today?: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const c = await dashboardContext(tx, today);
    const { rows, total } = await dashboardPage(tx, actor, q, c);
    return { items: rows.map((r) => toItem(r, c)), total, page: q.page, pageSize: q.pageSize };
  });
}

/** The tabs (All, then one per phase) with their counts under the current search and filters. */
export async function scholarDashboardTabs(
  ctx: TContext,
  f: TDashboardFilters,
  today?: string,
): Promise<scholarsApi.TScholarDashboardTab[]> {
  const actor = requireActor(ctx);
  const counts = await ctx.db(async (tx) => dashboardTabCounts(tx, actor, f, await dashboardContext(tx, today)));
  return [
    { phase: 'all', label: 'All', count: counts.all ?? 0 },
    ...SCHOLAR_PHASES.map((p) => ({ phase: p.code, label: p.label, count: counts[p.code] ?? 0 })),
  ];
}

/** Report summary: the view's cases by processed visa type × phase and × status, with totals. */
export async function scholarReportSummary(
  ctx: TContext,
  f: TDashboardFilters,
  today?: string,
): Promise<scholarsApi.TScholarReportSummary> {
  const actor = requireActor(ctx);
  const cells = await ctx.db(async (tx) => dashboardBreakdown(tx, actor, f, await dashboardContext(tx, today)));
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
