import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { studentsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { campusSites, users } from '../../people/index.js';
import { activeStudentImportRows, activeStudentImports } from '../schema.js';
import { staffReachesProfile } from '../student.policy.js';

type TImportRow = typeof activeStudentImports.$inferSelect;
type TSummary = studentsApi.TActiveImportSummary;

/**
 * Whose imports the caller sees (docs/product/active-student-import.md#who-may-do-what): a super user every
 * import, anyone else their own (a feed names students of every campus site; a token's import is its issuer's).
 */
export function importScope(ctx: TContext): SQL | undefined {
  const actor = requireActor(ctx);
  return actor.staff?.isSuper ? undefined : eq(activeStudentImports.createdBy, actor.userId);
}

/** An import the caller may see (404 otherwise), locked when it is about to change. */
export async function loadActiveImport(tx: TTx, ctx: TContext, importId: string, lock = false): Promise<TImportRow> {
  const q = tx
    .select()
    .from(activeStudentImports)
    .where(and(eq(activeStudentImports.id, importId), importScope(ctx)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/**
 * The campus sites whose records the caller may change (the same rule as editing one record:
 * staffReachesProfile), as the ids of the institution's sites, or 'all'; records without a site are the
 * officers' (and super users') as they are for a record edit.
 */
export async function editableSites(tx: TTx, actor: TAuthenticatedActor): Promise<{ sites: number[] | 'all'; noSite: boolean }> {
  const noSite = staffReachesProfile(actor, { campusSiteId: null }, 'edit');
  if (actor.staff?.isSuper) return { sites: 'all', noSite };
  const all = await tx.select({ id: campusSites.id }).from(campusSites);
  const sites = all.map((s) => s.id).filter((id) => staffReachesProfile(actor, { campusSiteId: id }, 'edit'));
  return { sites: sites.length === all.length ? 'all' : sites, noSite };
}

/** Who a user is, by name, for the import's lines ('' when unknown). */
async function names(tx: TTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, `${u.first} ${u.last}`.trim()]));
}

/** Imports as the list and page show them: the stored counts, and what exclusions and applies did since (read from the rows). */
export async function presentActiveImports(tx: TTx, rows: TImportRow[]): Promise<TSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  // Only rows with changes carry exclusions and outcomes: the class index reads just those.
  const tallies = await tx
    .select({
      importId: activeStudentImportRows.importId,
      excluded: sql<number>`count(*) filter (where ${activeStudentImportRows.excluded} and ${activeStudentImportRows.outcome} is null)::int`,
      pending: sql<number>`count(*) filter (where not ${activeStudentImportRows.excluded} and ${activeStudentImportRows.outcome} is null)::int`,
      applied: sql<number>`count(*) filter (where ${activeStudentImportRows.outcome} = 'applied')::int`,
      skipped: sql<number>`count(*) filter (where ${activeStudentImportRows.outcome} = 'skipped')::int`,
      failed: sql<number>`count(*) filter (where ${activeStudentImportRows.outcome} = 'failed')::int`,
      sevisUpdates: sql<number>`coalesce(sum(${activeStudentImportRows.sevisUpdates}), 0)::int`,
    })
    .from(activeStudentImportRows)
    .where(and(inArray(activeStudentImportRows.importId, ids), eq(activeStudentImportRows.class, 'changed')))
    .groupBy(activeStudentImportRows.importId);
  const byImport = new Map(tallies.map((t) => [t.importId, t]));
  const who = await names(
    tx,
    rows.flatMap((r) => [r.createdBy, ...(r.appliedBy ? [r.appliedBy] : [])]),
  );
  return rows.map((r) => {
    const t = byImport.get(r.id);
    const discarded = r.status === 'discarded';
    return {
      id: r.id,
      source: r.source as 'file',
      fileName: r.fileName,
      status: r.status as 'compared',
      rowCount: r.rowCount,
      counts: Object.fromEntries(studentsApi.ACTIVE_IMPORT_CLASSES.map((c) => [c, r.counts[c] ?? 0])) as TSummary['counts'],
      excluded: t?.excluded ?? 0,
      // A discarded import has nothing left to apply.
      pending: discarded ? 0 : (t?.pending ?? 0),
      applied: t?.applied ?? 0,
      skipped: t?.skipped ?? 0,
      failed: t?.failed ?? 0,
      sevisUpdates: t?.sevisUpdates ?? 0,
      ignoredColumns: r.ignoredColumns,
      createdBy: who.get(r.createdBy) ?? '',
      createdAt: r.createdAt.toISOString(),
      appliedBy: r.appliedBy ? (who.get(r.appliedBy) ?? '') : null,
      appliedAt: r.appliedAt?.toISOString() ?? null,
    };
  });
}

/** One import as its page shows it. */
export async function presentActiveImport(tx: TTx, row: TImportRow): Promise<TSummary> {
  return (await presentActiveImports(tx, [row]))[0]!;
}
