import { checkImportHeader, IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MSG, type studentsApi, type TImportIssue } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentImports } from '../../schema.js';
import { readImportFile } from '../import-file.js';
import { loadImportSummary } from '../import-summary.js';
import { checkStoredRows, importableSites, type TStoredRow } from '../import-rows.js';

const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });

/**
 * Reads an upload, checks every row and stores the result as a preview (status 'previewed'):
 * nothing is created until the preview is committed.
 */
export async function uploadStudentImport(
  ctx: TContext,
  file: { fileName: string; data: Buffer },
): Promise<studentsApi.TStudentImportSummary> {
  const actor = requireActor(ctx);
  const fileName = (file.fileName.split(/[\\/]/).pop() ?? '').slice(0, 200) || 'upload';
  // The header and one row past the limit are enough to say the file is too long.
  const fileRows = await readImportFile(fileName, file.data, IMPORT_MAX_ROWS + 2);
  if (fileRows.length === 0) throw fileError('The file is empty: it needs a header row and one row per student.');
  const [header, ...body] = fileRows;
  if (body.length === 0) throw fileError(IMPORT_MSG.empty);
  if (body.length > IMPORT_MAX_ROWS) throw fileError(IMPORT_MSG.tooManyRows);
  const { columns, issues: headerIssues } = checkImportHeader(header!.cells);
  const rows: TStoredRow[] = body.map(({ rowNo, cells }) => {
    const stored: TStoredRow = { _row: String(rowNo) };
    columns.forEach((key, i) => {
      if (key) stored[key] = (cells[i] ?? '').trim();
    });
    return stored;
  });
  const missingRequired = IMPORT_COLUMNS.some((c) => c.isRequired && !columns.includes(c.key));
  return ctx.db(async (tx) => {
    const sites = await importableSites(tx, actor);
    // Without the required columns every row would repeat the same message: report the header alone.
    const { issues } = missingRequired ? { issues: [] as TImportIssue[] } : await checkStoredRows(tx, rows, sites, ctx.today());
    const errors = [...headerIssues, ...issues];
    const siteIds = new Set(rows.map((r) => sites.get((r.campus_site ?? '').toUpperCase())));
    const [onlySite] = siteIds.size === 1 ? [...siteIds] : [undefined];
    const [created] = await tx
      .insert(studentImports)
      .values({
        institutionId: ctx.institutionId,
        fileName,
        status: 'previewed',
        rowCount: rows.length,
        errorCount: errors.length,
        rows,
        errors,
        campusSiteId: onlySite ?? null,
        createdBy: actor.userId,
      })
      .returning({ id: studentImports.id });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_import',
      entityId: created!.id,
      action: 'student-import.previewed',
      after: { fileName, rowCount: rows.length, errorCount: errors.length },
      ip: ctx.ip,
    });
    return loadImportSummary(tx, ctx, created!.id);
  });
}
