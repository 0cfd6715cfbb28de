import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { SCHOLAR_PHASES, type scholarsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { departments } from '../../../people/index.js';
import { caseListFilter } from '../../scholar.policy.js';
import { scholarApplications as a, scholars as s } from '../../schema.js';

export type TDashboardFilters = z.output<typeof scholarsApi.ZScholarDashboardFilters>;
export type TDashboardScope = z.output<typeof scholarsApi.ZScholarDashboardScope>;
export type TDashboardQuery = z.output<typeof scholarsApi.ZScholarDashboardQuery>;
export type TDashboardExport = z.output<typeof scholarsApi.ZScholarExportInput>;

/** The LIKE pattern of a scholar keyword: matched anywhere, lower-case, LIKE's own characters taken literally. */
export function scholarSearchPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** What the conditions need besides the filters: the date of today and the largest end-date alert offset. */
export interface TDashboardContext {
  today: string;
  endingSoonDays: number;
}

/**
 * The one definition of "the cases of this dashboard view": the actor's scope (office staff: every
 * case of the tenant, row-level security keeps the tenant; a department user only their own
 * department's), the phase tab, the keyword and the filters. The list, the tab counts, both exports
 * and the report summary all build on it, so what a tab counts is what it lists and what the export
 * holds.
 */
export function dashboardConditions(actor: TAuthenticatedActor, f: Partial<TDashboardScope>, c: TDashboardContext): SQL | undefined {
  const where: (SQL | undefined)[] = [caseListFilter(actor)];
  if (f.phase && f.phase !== 'all') where.push(eq(a.phase, f.phase));
  if (f.q) {
    // One keyword, matched anywhere in "first last e-mail"; LIKE's own characters are taken literally.
    // Row-level security keeps the trigram index scholars_search_trgm (migration 0012) out of reach of a
    // plain LIKE, so the match runs in scholar_search_ids (migration 0015, decision 012): owner-run, ids of
    // the caller's own tenant only (meridian_tenant(), what the policies read); the scope and filters stay here.
    where.push(sql`${s.id} in (select scholar_search_ids(meridian_tenant(), ${scholarSearchPattern(f.q)}))`);
  }
  if (f.departmentId) where.push(eq(a.departmentId, f.departmentId));
  if (f.visa) where.push(eq(a.processedState, f.visa === 'none' ? '' : f.visa));
  if (f.status) where.push(eq(a.status, f.status));
  if (f.premium) where.push(eq(a.premiumProcessFlag, f.premium === 'yes'));
  if (f.endFrom) where.push(gte(a.processedEndDate, f.endFrom));
  if (f.endTo) where.push(lte(a.processedEndDate, f.endTo));
  if (f.endingSoon) where.push(sql`${a.processedEndDate} between ${c.today}::date and ${c.today}::date + ${c.endingSoonDays}::int`);
  return and(...where);
}

/** The phases in their catalogue order, for sorting by phase. */
const phaseOrder = sql`array_position(array[${sql.join(
  SCHOLAR_PHASES.map((p) => sql`${p.code}`),
  sql`, `,
)}]::text[], ${a.phase})`;

/** The columns a dashboard row carries (what the table shows). */
export const dashboardColumns = {
  applicationId: a.id,
  scholarId: s.id,
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  departmentId: a.departmentId,
  departmentName: departments.name,
  proposedStatus: a.proposedStatus,
  processedState: a.processedState,
  phase: a.phase,
  status: a.status,
  processedEndDate: a.processedEndDate,
  premiumProcessFlag: a.premiumProcessFlag,
  updatedAt: a.updatedAt,
};

/** Sort of the list and the exports; the case id last, so equal keys keep one order from page to page. */
export function dashboardOrder(sort: TDashboardQuery['sort'], order: TDashboardQuery['order']): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  const nulls = sql.raw(order === 'desc' ? 'desc nulls last' : 'asc nulls last');
  const name = [dir(s.lastName), dir(s.firstName)];
  const by: Record<TDashboardQuery['sort'], SQL[]> = {
    name,
    department: [dir(departments.name), ...name],
    visa: [dir(a.processedState), ...name],
    phase: [sql`${phaseOrder} ${nulls}`, ...name],
    status: [dir(a.status), ...name],
    endDate: [sql`${a.processedEndDate} ${nulls}`, ...name],
    updatedAt: [dir(a.updatedAt)],
  };
  return [...by[sort], dir(a.id)];
}

/** The dashboard's select (columns with the view's total, joins, conditions, order) without paging. */
export function dashboardSelect(
  tx: TTx,
  actor: TAuthenticatedActor,
  q: TDashboardScope & Pick<TDashboardQuery, 'sort' | 'order'>,
  c: TDashboardContext,
) {
  return tx
    .select({ ...dashboardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .innerJoin(departments, eq(departments.id, a.departmentId))
    .where(dashboardConditions(actor, q, c))
    .orderBy(...dashboardOrder(q.sort, q.order))
    .$dynamic();
}
/** One row of the Scholar Dashboard's select. */
export type TDashboardRow = Awaited<ReturnType<typeof dashboardSelect>>[number];

/**
 * One page of the dashboard and the number of cases in the view. The total rides on the page query
 * (count(*) over ()): the sort has to see every matching row anyway, so one pass over the keyword's
 * LIKE instead of two (half the time of the keyword scenarios in bench/scholars-dashboard.bench.ts).
 * Only a page past the end, which has no row to carry it, counts separately.
 */
export async function dashboardPage(
  tx: TTx,
  actor: TAuthenticatedActor,
  q: TDashboardQuery,
  c: TDashboardContext,
): Promise<{ rows: TDashboardRow[]; total: number }> {
  const rows = await dashboardSelect(tx, actor, q, c)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  if (rows.length > 0 || q.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  const [counted] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .where(dashboardConditions(actor, q, c));
  return { rows, total: Number(counted?.total ?? 0) };
}

/** How many cases of the search and filters each phase tab holds (and All), in one pass. */
export async function dashboardTabCounts(
  tx: TTx,
  actor: TAuthenticatedActor,
  f: TDashboardFilters,
  c: TDashboardContext,
): Promise<Record<string, number>> {
  const cols = SCHOLAR_PHASES.map((p, i) => sql`count(*) filter (where ${a.phase} = ${p.code})::int as ${sql.identifier(`p${i}`)}`);
  const where = dashboardConditions(actor, f, c);
  const { rows } = await tx.execute(sql`select count(*)::int as "all", ${sql.join(cols, sql`, `)}
    from ${a} inner join ${s} on ${s.id} = ${a.scholarId} ${where ? sql`where ${where}` : sql``}`);
  const row = (rows[0] ?? {}) as Record<string, number>;
  return Object.fromEntries<number>([
    ['all', Number(row.all ?? 0)],
    ...SCHOLAR_PHASES.map((p, i) => [p.code, Number(row[`p${i}`] ?? 0)] as const),
  ]);
}

/** Counts of the view by processed state × phase and processed state × status (report summary). */
export async function dashboardBreakdown(
  tx: TTx,
  actor: TAuthenticatedActor,
  f: TDashboardFilters,
  c: TDashboardContext,
): Promise<{ visa: string; phase: string; status: string; n: number }[]> {
  return tx
    .select({ visa: a.processedState, phase: a.phase, status: a.status, n: sql<number>`count(*)::int` })
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .where(dashboardConditions(actor, f, c))
    .groupBy(a.processedState, a.phase, a.status);
}
