import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { IMPORT_COLUMN_KEYS, type studentsApi, type TImportIssue } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { conflict, notFound } from '../../../platform/errors/app-error.js';
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
const createdByName = sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`;

/** Note shown with a failed upload (why the commit was refused), kept in the first error's place. */
export function summaryOf(
  r: Pick<TImportRow, 'id' | 'fileName' | 'status' | 'rowCount' | 'errorCount' | 'createdAt' | 'committedAt'>,
  extra: { rowsWithErrors: number; createdBy: string; note?: string },
): TSummary {
  return {
    id: r.id,
    fileName: r.fileName,
    status: r.status as TSummary['status'],
    rowCount: r.rowCount,
    errorCount: r.errorCount,
    rowsWithErrors: Number(extra.rowsWithErrors),
    createdBy: extra.createdBy,
    createdAt: r.createdAt.toISOString(),
    committedAt: r.committedAt ? r.committedAt.toISOString() : null,
    note: extra.note ?? '',
  };
}

const summaryColumns = {
  id: studentImports.id,
  fileName: studentImports.fileName,
  status: studentImports.status,
  rowCount: studentImports.rowCount,
  errorCount: studentImports.errorCount,
  createdAt: studentImports.createdAt,
  committedAt: studentImports.committedAt,
  rowsWithErrors,
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

/** History of uploads, newest first. */
export async function listStudentImports(ctx: TContext, q: { page: number; pageSize: number; status: string }) {
  const actor = requireActor(ctx);
  const where = and(importScope(actor), q.status === 'all' ? undefined : eq(studentImports.status, q.status));
  return ctx.db(async (tx) => {
    const [{ total }] = (await tx.select({ total: count() }).from(studentImports).where(where)) as [{ total: number }];
    const rows = await tx
      .select(summaryColumns)
      .from(studentImports)
      .leftJoin(users, eq(users.id, studentImports.createdBy))
      .where(where)
      .orderBy(desc(studentImports.createdAt), desc(studentImports.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: rows.map((r) => summaryOf(r, r)), total: Number(total), page: q.page, pageSize: q.pageSize };
  });
}

/** The preview: counts, file-level problems and the rows (all, or only those with errors) with their messages by column. */
export async function getStudentImport(ctx: TContext, importId: string, q: { page: number; pageSize: number; onlyErrors: '0' | '1' }) {
  return ctx.db(async (tx) => {
    const summary = await loadImportSummary(tx, ctx, importId);
    const [meta] = await tx.select({ errors: studentImports.errors }).from(studentImports).where(eq(studentImports.id, importId));
    const errors = (meta?.errors ?? []) as TImportIssue[];
    const byRow = new Map<number, Record<string, string[]>>();
    const fileIssues: TImportIssue[] = [];
    for (const e of errors) {
      if (e.row <= 1) {
        fileIssues.push(e);
        continue;
      }
      const cell = byRow.get(e.row) ?? {};
      (cell[e.column] ??= []).push(e.message);
      byRow.set(e.row, cell);
    }
    const errorRows = [...byRow.keys()];
    const only = q.onlyErrors === '1';
    const filter = only
      ? sql`and (r.value->>'_row') in (select jsonb_array_elements_text(${JSON.stringify(errorRows.map(String))}::jsonb))`
      : sql``;
    const page = await tx.execute<{ value: Record<string, string> }>(sql`
      select r.value from student_imports i, jsonb_array_elements(i.rows) with ordinality r(value, n)
      where i.id = ${importId} ${filter} order by r.n limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
    const rows = page.rows.map((v) => {
      const { _row, ...values } = v.value;
      const row = Number(_row);
      return { row, values, errors: byRow.get(row) ?? {} };
    });
    const [{ n }] = (await tx.execute<{ n: number }>(sql`select jsonb_array_length(rows) as n from student_imports where id = ${importId}`))
      .rows as [{ n: number }];
    return {
      import: summary,
      columns: [...IMPORT_COLUMN_KEYS],
      fileIssues,
      rows,
      total: only ? errorRows.length : Number(n),
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}

/** The error report: one line per problem (row, column, message), as CSV with cells safe for spreadsheets. */
export async function studentImportErrorsCsv(ctx: TContext, importId: string): Promise<{ fileName: string; csv: string }> {
  return ctx.db(async (tx) => {
    const summary = await loadImportSummary(tx, ctx, importId);
    const [meta] = await tx.select({ errors: studentImports.errors }).from(studentImports).where(eq(studentImports.id, importId));
    const cell = (s: string) => {
      const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const lines = [
      'row,column,message',
      ...((meta?.errors ?? []) as TImportIssue[]).map((e) => [String(e.row), e.column, e.message].map(cell).join(',')),
    ];
    const base = summary.fileName.replace(/\.[^.]*$/, '');
    return { fileName: `${base}-errors.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
  });
}

/** Discards a preview: nothing is created and the stored rows are dropped. */
export async function discardStudentImport(ctx: TContext, importId: string): Promise<studentsApi.TStudentImportSummary> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await loadImportSummary(tx, ctx, importId);
    const [locked] = await tx
      .select({ status: studentImports.status })
      .from(studentImports)
      .where(eq(studentImports.id, importId))
      .for('update');
    if (locked!.status === 'committed') throw conflict('This upload has already been imported; it can no longer be discarded.');
    if (locked!.status === 'discarded') return loadImportSummary(tx, ctx, importId);
    await tx.update(studentImports).set({ status: 'discarded', rows: [], updatedAt: new Date() }).where(eq(studentImports.id, importId));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_import',
      entityId: importId,
      action: 'student-import.discarded',
      ip: ctx.ip,
    });
    return loadImportSummary(tx, ctx, importId);
  });
}
