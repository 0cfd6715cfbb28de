import { eq, sql } from 'drizzle-orm';
import { IMPORT_COLUMN_KEYS, type TImportIssue } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { studentImports } from '../../schema.js';
import { loadImportSummary } from '../import-summary.js';

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
