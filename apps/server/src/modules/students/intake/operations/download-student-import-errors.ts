import { eq } from 'drizzle-orm';
import { type TImportIssue } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { safeCell } from '../../../../platform/files/xlsx-writer.js';
import { studentImports } from '../../schema.js';
import { loadImportSummary } from '../import-summary.js';

/**
 * The error report: one line per problem (row, column, kind, message), errors first, then what SEVIS
 * will still need of the rows that create a SEVIS record; as CSV with cells safe for spreadsheets.
 */
export async function downloadStudentImportErrors(ctx: TContext, importId: string): Promise<{ fileName: string; csv: string }> {
  return ctx.db(async (tx) => {
    const summary = await loadImportSummary(tx, ctx, importId);
    const [meta] = await tx
      .select({ errors: studentImports.errors, warnings: studentImports.warnings })
      .from(studentImports)
      .where(eq(studentImports.id, importId));
    const cell = (x: string) => {
      const safe = safeCell(x);
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const line = (kind: string) => (e: TImportIssue) => [String(e.row), e.column, kind, e.message].map(cell).join(',');
    const lines = [
      'row,column,kind,message',
      ...((meta?.errors ?? []) as TImportIssue[]).map(line('error')),
      ...((meta?.warnings ?? []) as TImportIssue[]).map(line('SEVIS will need')),
    ];
    const base = summary.fileName.replace(/\.[^.]*$/, '');
    return { fileName: `${base}-errors.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
  });
}
