import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { canActOnSite, scholarsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { campusSites, users } from '../../people/index.js';
import { caseListFilter, staffReachesCase, type TCaseRow } from '../scholar.policy.js';
import { scholarHrChanges, scholarHrImports } from './schema.js';

type TImportRow = typeof scholarHrImports.$inferSelect;
type TSummary = scholarsApi.THrImportSummary;

/**
 * Scholar HR Updates exist only while the institution's scholarSisUpdatesFlag is on: otherwise every route
 * answers 404, as if it were not there (docs/product/scholar-hr-updates.md#the-switch).
 */
export async function assertHrUpdatesOn(tx: TTx, ctx: TContext): Promise<void> {
  if (!(await loadSettings(tx, ctx.institutionId)).scholarSisUpdatesFlag) throw notFound();
}

/** Whose imports the caller sees: a super user every import, anyone else their own (a token's import is its issuer's). */
export function hrImportScope(ctx: TContext): SQL | undefined {
  const actor = requireActor(ctx);
  return actor.staff?.isSuper ? undefined : eq(scholarHrImports.createdBy, actor.userId);
}

/** An import the caller may see (404 otherwise, and while the switch is off), locked when it is about to change. */
export async function loadHrImport(tx: TTx, ctx: TContext, importId: string, lock = false): Promise<TImportRow> {
  await assertHrUpdatesOn(tx, ctx);
  const q = tx
    .select()
    .from(scholarHrImports)
    .where(and(eq(scholarHrImports.id, importId), hrImportScope(ctx)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/**
 * May the caller change this case from the HR feed: the scholar area's edit on the case (its visa type and
 * department), and its campus site as for a student record (super users every site; officers their sites, and
 * cases without a site).
 */
export function reachesCaseForHr(
  actor: TAuthenticatedActor,
  c: Pick<TCaseRow, 'campusSiteId' | 'processedState' | 'proposedStatus' | 'departmentId'>,
): boolean {
  if (!staffReachesCase(actor, c, 'edit')) return false;
  const staff = actor.staff!;
  if (c.campusSiteId === null) return staff.isSuper || staff.isOfficer;
  return canActOnSite(staff, c.campusSiteId);
}

/** What the comparison may change, in SQL on the unaliased scholar_applications row and a new department column. */
export interface THrReach {
  /** The case is one the caller may change (reachesCaseForHr). */
  caseReach: SQL;
  /** HR's department (a uuid column or expression) is within the caller's scholar area. */
  departmentReach: (dept: SQL) => SQL;
}

/** The caller's reach as SQL, the same rule as reachesCaseForHr (the sites listed by id, the area by caseListFilter). */
export async function hrReach(tx: TTx, actor: TAuthenticatedActor): Promise<THrReach> {
  const staff = actor.staff!;
  const site = sql`scholar_applications.campus_site_id`;
  let siteReach: SQL;
  if (staff.isSuper) siteReach = sql`true`;
  else {
    const all = await tx.select({ id: campusSites.id }).from(campusSites);
    const ids = all.map((s) => s.id).filter((id) => canActOnSite(staff, id));
    siteReach = sql`(case when ${site} is null then ${staff.isOfficer} else ${site} = any(${`{${ids.join(',')}}`}::int[]) end)`;
  }
  const area = caseListFilter(actor) ?? sql`true`;
  const depts = staff.isSuper ? [] : staff.scholarArea.departmentIds;
  return {
    caseReach: sql`(${siteReach} and ${area})`,
    departmentReach: (dept) => (depts.length === 0 ? sql`true` : sql`(${dept})::text = any(${`{${depts.join(',')}}`}::text[])`),
  };
}

/** Who users are, by name ('' when unknown). */
export async function userNames(tx: TTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (!wanted.length) return new Map();
  const rows = await tx.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, `${u.first} ${u.last}`.trim()]));
}

/** Imports as the list and the compare page show them: the stored counts and the decisions so far. */
export async function presentHrImports(tx: TTx, rows: TImportRow[], repeat = false): Promise<TSummary[]> {
  if (!rows.length) return [];
  const tallies = await tx
    .select({
      importId: scholarHrChanges.importId,
      total: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${scholarHrChanges.decision} is null)::int`,
      accepted: sql<number>`count(*) filter (where ${scholarHrChanges.decision} = 'accepted')::int`,
      rejected: sql<number>`count(*) filter (where ${scholarHrChanges.decision} = 'rejected')::int`,
    })
    .from(scholarHrChanges)
    .where(
      inArray(
        scholarHrChanges.importId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(scholarHrChanges.importId);
  const byImport = new Map(tallies.map((t) => [t.importId, t]));
  const who = await userNames(
    tx,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => {
    const t = byImport.get(r.id);
    const changes = { total: t?.total ?? 0, pending: t?.pending ?? 0, accepted: t?.accepted ?? 0, rejected: t?.rejected ?? 0 };
    return {
      id: r.id,
      source: r.source as 'file',
      fileName: r.fileName,
      rowCount: r.rowCount,
      counts: Object.fromEntries(scholarsApi.HR_ROW_CLASSES.map((c) => [c, r.counts[c] ?? 0])) as TSummary['counts'],
      changes,
      status: changes.pending > 0 ? 'to_review' : 'decided',
      ignoredColumns: r.ignoredColumns,
      createdBy: who.get(r.createdBy) ?? '',
      createdAt: r.createdAt.toISOString(),
      isRepeat: repeat,
    };
  });
}

/** One import as its page shows it. */
export async function presentHrImport(tx: TTx, row: TImportRow, repeat = false): Promise<TSummary> {
  return (await presentHrImports(tx, [row], repeat))[0]!;
}
