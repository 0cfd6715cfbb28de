import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type studentsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { studentImports } from '../schema.js';
import { reachableSites } from '../student.policy.js';

type TSummary = studentsApi.TStudentImportSummary;

export type TImportRow = typeof studentImports.$inferSelect;

/** Uploads a staff member may see: all of them when they reach every campus site, else their own. */
export function importScope(actor: TAuthenticatedActor): SQL {
  return reachableSites(actor) === 'all' ? sql`true` : eq(studentImports.createdBy, actor.userId);
}

/** Distinct student rows (not the header) that have an error. */
const rowsWithErrors = sql<number>`(select count(distinct (e->>'row')) from jsonb_array_elements(${studentImports.errors}) e where (e->>'row')::int > 1)`;

/** Distinct rows SEVIS will still need something of. */
const rowsWithWarnings = sql<number>`(select count(distinct (e->>'row')) from jsonb_array_elements(${studentImports.warnings}) e)`;

const createdByName = sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`;

/** Note shown with a failed upload (why the commit was refused), kept in the first error's place. */
export function summaryOf(
  r: Pick<TImportRow, 'id' | 'fileName' | 'status' | 'rowCount' | 'errorCount' | 'warningCount' | 'createdAt' | 'committedAt'>,
  extra: { rowsWithErrors: number; rowsWithWarnings: number; createdBy: string; note?: string },
): TSummary {
  return {
    id: r.id,
    fileName: r.fileName,
    status: r.status as TSummary['status'],
    rowCount: r.rowCount,
    errorCount: r.errorCount,
    rowsWithErrors: Number(extra.rowsWithErrors),
    warningCount: r.warningCount,
    rowsWithWarnings: Number(extra.rowsWithWarnings),
    createdBy: extra.createdBy,
    createdAt: r.createdAt.toISOString(),
    committedAt: r.committedAt ? r.committedAt.toISOString() : null,
    note: extra.note ?? '',
  };
}

/** The columns of an import's summary row. */
export const summaryColumns = {
  id: studentImports.id,
  fileName: studentImports.fileName,
  status: studentImports.status,
  rowCount: studentImports.rowCount,
  errorCount: studentImports.errorCount,
  createdAt: studentImports.createdAt,
  committedAt: studentImports.committedAt,
  rowsWithErrors,
  warningCount: studentImports.warningCount,
  rowsWithWarnings,
  createdBy: createdByName,
  note: sql<string>`coalesce((select e->>'message' from jsonb_array_elements(${studentImports.errors}) e where e->>'column' = '_commit' limit 1), '')`,
};

/** One upload's summary, within the actor's scope (404 otherwise). */
export async function loadImportSummary(tx: TTx, ctx: TContext, importId: string): Promise<TSummary> {
  const actor = requireActor(ctx);
  const [r] = await tx
    .select(summaryColumns)
    .from(studentImports)
    .leftJoin(users, eq(users.id, studentImports.createdBy))
    .where(and(eq(studentImports.id, importId), importScope(actor)));
  if (!r) throw notFound();
  return summaryOf(r, r);
}
