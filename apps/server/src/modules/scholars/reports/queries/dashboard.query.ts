import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP, SCHOLAR_PHASES, type scholarsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../../platform/db/database.js';
import { countUpTo, keyColumns, seekPage, type TSeekKey, type TSeekOrder } from '../../../../platform/db/keyset.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { departments } from '../../../people/index.js';
import { caseListFilter } from '../../scholar.policy.js';
import { PHASE_RANK_BRANCHES, scholarApplications as a, scholars as s } from '../../schema.js';

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
  /**
   * The name of a CTE (column `id`) of the statement that holds the keyword's scholars, when the caller
   * searched once for several uses in one statement; else the conditions search where they match.
   */
  keywordScholars?: SQL | undefined;
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
    // Matched on the case's scholar id: every condition names the case alone, so a count needs no join.
    where.push(
      c.keywordScholars
        ? sql`${a.scholarId} in (select id from ${c.keywordScholars})`
        : sql`${a.scholarId} in (select scholar_search_ids(meridian_tenant(), ${scholarSearchPattern(f.q)}))`,
    );
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

/**
 * The phases in their catalogue order, for sorting by phase: the expression of index
 * scholar_applications_phase_sort_idx, word for word (PHASE_RANK_BRANCHES).
 */
const phaseRank = sql<number>`(case ${a.phase} ${sql.raw(PHASE_RANK_BRANCHES)} end)`;

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

/**
 * The sort keys of the list and the exports, every one a column (or the phase rank) of the case, so
 * that one index per sort (migration scholar_dashboard_keyset) holds each order exactly: the key, then
 * the scholar's name (the case's copy of it), then the case id, unique, so equal keys keep one order
 * from page to page. No end date comes last whichever way the dates run.
 */
export function dashboardSeekOrder(sort: TDashboardQuery['sort'], order: TDashboardQuery['order']): TSeekOrder {
  const id: TSeekKey = { expr: a.id, kind: 'uuid' };
  const name: TSeekKey[] = [{ expr: a.scholarLastName, kind: 'text' }, { expr: a.scholarFirstName, kind: 'text' }, id];
  const by: Record<TDashboardQuery['sort'], TSeekKey[]> = {
    name,
    department: [{ expr: a.departmentName, kind: 'text' }, ...name],
    visa: [{ expr: a.processedState, kind: 'text' }, ...name],
    phase: [{ expr: phaseRank, kind: 'int' }, ...name],
    status: [{ expr: a.status, kind: 'text' }, ...name],
    endDate: [{ expr: a.processedEndDate, kind: 'date', nullable: true }, ...name],
    updatedAt: [{ expr: a.updatedAt, kind: 'timestamptz' }, id],
  };
  return { keys: by[sort], order, ...(sort === 'endDate' ? { nulls: 'last' as const } : {}) };
}

/** The ORDER BY of a sort (the exports read in it): the keys of dashboardSeekOrder, in one direction. */
export function dashboardOrder(sort: TDashboardQuery['sort'], order: TDashboardQuery['order']): SQL[] {
  const seek = dashboardSeekOrder(sort, order);
  return seek.keys.map((k, i) =>
    i === 0 && k.nullable ? sql`${k.expr} ${sql.raw(order)} nulls ${sql.raw(seek.nulls ?? 'last')}` : sql`${k.expr} ${sql.raw(order)}`,
  );
}

/** The cases of a page in full, with their scholar and department (in no order). */
function dashboardRows(tx: TTx, ids: string[]) {
  return tx
    .select(dashboardColumns)
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .innerJoin(departments, eq(departments.id, a.departmentId))
    .where(inArray(a.id, ids));
}
/** A count of up to LIST_COUNT_CAP + 1 as a list reports it: past the cap, the cap and "more than". */
function cappedCount(n: number): { total: number; totalCapped: boolean } {
  return n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/** One row of the Scholar Dashboard's page. */
export type TDashboardRow = Awaited<ReturnType<typeof dashboardRows>>[number];

/**
 * One page of the dashboard, the number of cases in the view counted up to LIST_COUNT_CAP (past it:
 * "more than"), and the cursors of the pages after and before it. The filters name only the case
 * (the keyword matches its scholar id), so the count and the walk read one table: the walk goes down
 * the sort's index from the cursor (or from the top, or past `offset` rows for a page opened by its
 * number) taking ids and sort keys, then the page's 25 cases are read in full with their scholar and
 * department. The count rides on the walk's statement (evaluated once, beside it), so a keyword's
 * trigram search, most of its cost, runs once for both (a CTE); only a walk that finds no case counts
 * on its own.
 */
export async function dashboardPage(
  tx: TTx,
  actor: TAuthenticatedActor,
  q: TDashboardQuery,
  c: TDashboardContext,
): Promise<{ rows: TDashboardRow[]; total: number; totalCapped: boolean; next: string | null; prev: string | null }> {
  const keyword = q.q
    ? tx
        .$with('keyword_scholars', { id: sql<string>`id` })
        .as(sql`select scholar_search_ids(meridian_tenant(), ${scholarSearchPattern(q.q)}) as id`)
    : undefined;
  const where = dashboardConditions(actor, q, { ...c, keywordScholars: keyword ? sql`${sql.identifier('keyword_scholars')}` : undefined });
  const upToCap = sql<number>`(select count(*) from (select 1 from ${a} ${where ? sql`where ${where}` : sql``} limit ${sql.raw(String(LIST_COUNT_CAP + 1))}) as capped)`;
  const order = dashboardSeekOrder(q.sort, q.order);
  const walk = (extra: SQL | undefined, orderBy: SQL[], limit: number, offset = 0) =>
    (keyword ? tx.with(keyword) : tx)
      .select({ id: a.id, ...keyColumns(order), n: upToCap.mapWith(Number) })
      .from(a)
      .where(and(where, extra))
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
  const seek = await seekPage(order, { after: q.after, before: q.before, offset: (q.page - 1) * q.pageSize }, q.pageSize, walk);
  const counted = seek.rows.length
    ? cappedCount(seek.rows[0]!.n)
    : await countUpTo(
        tx,
        tx
          .select({ one: sql`1` })
          .from(a)
          .where(dashboardConditions(actor, q, c))
          .$dynamic(),
      );
  const paging = { total: counted.total, totalCapped: counted.totalCapped, next: seek.next, prev: seek.prev };
  if (!seek.rows.length) return { rows: [], ...paging };
  const full = await dashboardRows(
    tx,
    seek.rows.map((r) => r.id),
  );
  const at = new Map(seek.rows.map((r, i) => [r.id, i]));
  return { rows: full.sort((x, y) => at.get(x.applicationId)! - at.get(y.applicationId)!), ...paging };
}

/** A tab's count: exact up to LIST_COUNT_CAP; `capped` when more cases than that match. */
export interface TTabCount {
  count: number;
  capped: boolean;
}

/**
 * How many cases of the search and filters each phase tab holds (and All), each reported up to
 * LIST_COUNT_CAP as the list reports its own. Without a keyword or a filter (the landing) each tab is
 * a walk of its phase's index that stops one case past the cap, so the cost does not grow with the
 * office's cases. A keyword or a filter narrows the view: then one pass counts its cases by phase
 * (the keyword's match runs once, not once a tab).
 */
export async function dashboardTabCounts(
  tx: TTx,
  actor: TAuthenticatedActor,
  f: TDashboardFilters,
  c: TDashboardContext,
): Promise<Record<string, TTabCount>> {
  const where = dashboardConditions(actor, f, c);
  const tab = (n: unknown): TTabCount => {
    const counted = cappedCount(Number(n ?? 0));
    return { count: counted.total, capped: counted.totalCapped };
  };
  const narrowed = Object.values(f).some((v) => v !== undefined && v !== '');
  if (narrowed) {
    const rows = await tx
      .select({ phase: a.phase, n: sql<number>`count(*)::int` })
      .from(a)
      .where(where)
      .groupBy(a.phase);
    const by = new Map(rows.map((r) => [r.phase, Number(r.n)]));
    return Object.fromEntries<TTabCount>([
      ['all', tab(rows.reduce((sum, r) => sum + Number(r.n), 0))],
      ...SCHOLAR_PHASES.map((p) => [p.code, tab(by.get(p.code))] as const),
    ]);
  }
  const upTo = (cond: SQL | undefined, name: string) =>
    sql`(select count(*)::int from (select 1 from ${a} ${cond ? sql`where ${cond}` : sql``} limit ${sql.raw(String(LIST_COUNT_CAP + 1))}) as capped) as ${sql.identifier(name)}`;
  const cols = [upTo(where, 'all'), ...SCHOLAR_PHASES.map((p, i) => upTo(and(where, eq(a.phase, p.code)), `p${i}`))];
  const { rows } = await tx.execute(sql`select ${sql.join(cols, sql`, `)}`);
  const row = (rows[0] ?? {}) as Record<string, number>;
  return Object.fromEntries<TTabCount>([['all', tab(row.all)], ...SCHOLAR_PHASES.map((p, i) => [p.code, tab(row[`p${i}`])] as const)]);
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
