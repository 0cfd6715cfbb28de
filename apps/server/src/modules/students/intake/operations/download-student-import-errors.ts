import { eq } from 'drizzle-orm';
import { type TImportIssue } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { studentImports } from '../../schema.js';
import { loadImportSummary } from '../import-summary.js';

/** The error report: one line per problem (row, column, message), as CSV with cells safe for spreadsheets. */
export async function downloadStudentImportErrors(ctx: TContext, importId: string): Promise<{ fileName: string; csv: string }> {
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
