import { eq, sql } from 'drizzle-orm';
import { IMPORT_COLUMN_KEYS, type TImportIssue } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { studentImports } from '../../schema.js';
import { loadImportSummary } from '../import-summary.js';

/** Messages by row, then by column. */
function byRowAndColumn(issues: TImportIssue[]): Map<number, Record<string, string[]>> {
  const byRow = new Map<number, Record<string, string[]>>();
  for (const e of issues) {
    const cell = byRow.get(e.row) ?? {};
    (cell[e.column] ??= []).push(e.message);
    byRow.set(e.row, cell);
  }
  return byRow;
}

/**
 * The preview: counts, file-level problems and the rows (all, only those with errors, or only those
 * SEVIS will still need something of) with their messages by column, in the file's columns.
 */
export async function getStudentImport(
  ctx: TContext,
  importId: string,
  q: { page: number; pageSize: number; onlyErrors: '0' | '1'; onlyWarnings: '0' | '1' },
) {
  return ctx.db(async (tx) => {
    const summary = await loadImportSummary(tx, ctx, importId);
    const [meta] = await tx
      .select({ errors: studentImports.errors, warnings: studentImports.warnings })
      .from(studentImports)
      .where(eq(studentImports.id, importId));
    const all = (meta?.errors ?? []) as TImportIssue[];
    const fileIssues = all.filter((e) => e.row <= 1);
    const errorsByRow = byRowAndColumn(all.filter((e) => e.row > 1));
    const warningsByRow = byRowAndColumn(meta?.warnings ?? []);
    const chosen = q.onlyErrors === '1' ? [...errorsByRow.keys()] : q.onlyWarnings === '1' ? [...warningsByRow.keys()] : null;
    const filter = chosen
      ? sql`and (r.value->>'_row') in (select jsonb_array_elements_text(${JSON.stringify(chosen.map(String))}::jsonb))`
      : sql``;
    const page = await tx.execute<{ value: Record<string, string> }>(sql`
      select r.value from student_imports i, jsonb_array_elements(i.rows) with ordinality r(value, n)
      where i.id = ${importId} ${filter} order by r.n limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
    const rows = page.rows.map((v) => {
      const { _row, ...values } = v.value;
      const row = Number(_row);
      return { row, values, errors: errorsByRow.get(row) ?? {}, warnings: warningsByRow.get(row) ?? {} };
    });
    const [{ n, keys }] = (
      await tx.execute<{ n: number; keys: string[] | null }>(
        sql`select jsonb_array_length(rows) as n, (select array_agg(k) from jsonb_object_keys(rows->0) k) as keys from student_imports where id = ${importId}`,
      )
    ).rows as [{ n: number; keys: string[] | null }];
    // Every stored row holds the file's columns (the header's); before any row is read, the template's.
    const inFile = new Set(keys ?? IMPORT_COLUMN_KEYS);
    const rowsByColumn = new Map<string, number>();
    for (const cells of warningsByRow.values()) for (const c of Object.keys(cells)) rowsByColumn.set(c, (rowsByColumn.get(c) ?? 0) + 1);
    const order = (c: string) => (IMPORT_COLUMN_KEYS as readonly string[]).indexOf(c);
    const sevisNeeds = [...rowsByColumn]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([column, n]) => ({ column, rows: n, inFile: inFile.has(column) }));
    return {
      import: summary,
      sevisNeeds,
      columns: IMPORT_COLUMN_KEYS.filter((c) => inFile.has(c)),
      fileIssues,
      rows,
      total: chosen ? chosen.length : Number(n),
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}
