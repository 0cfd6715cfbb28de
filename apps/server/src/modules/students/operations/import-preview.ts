import {
  checkImportHeader,
  checkImportRow,
  findDuplicatesInFile,
  IMPORT_COLUMN_KEYS,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  todayIso,
  type studentsApi,
  type TImportColumn,
  type TImportIssue,
  type TImportRecord,
} from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { campusSites } from '../../people/index.js';
import { studentImports } from '../schema.js';
import { reachableSites } from '../student.policy.js';
import { findExistingDuplicates } from './import-duplicates.js';
import { readImportFile } from './import-file.js';
import { loadImportSummary } from './import-history.js';

/** A stored row: the cells by column key, and its row number in the file under '_row'. */
export type TStoredRow = Record<string, string>;

/** The campus site codes (upper case) the actor may import into, with their ids. */
export async function importableSites(tx: TTx, actor: TAuthenticatedActor): Promise<Map<string, number>> {
  const reach = reachableSites(actor);
  const rows = await tx.select({ id: campusSites.id, code: campusSites.code }).from(campusSites);
  return new Map(rows.filter((r) => reach === 'all' || reach.includes(r.id)).map((r) => [r.code.trim().toUpperCase(), r.id]));
}

/** Every check of the stored rows: cells, duplicates in the file, and duplicates of existing records. */
export async function checkStoredRows(
  tx: TTx,
  rows: TStoredRow[],
  sites: Map<string, number>,
): Promise<{ records: { row: number; record: TImportRecord }[]; issues: TImportIssue[] }> {
  const today = todayIso();
  const issues: TImportIssue[] = [];
  const records: { row: number; record: TImportRecord }[] = [];
  for (const r of rows) {
    const row = Number(r._row);
    const checked = checkImportRow(r, row, sites, today);
    if (checked.record) records.push({ row, record: checked.record });
    else issues.push(...checked.issues);
  }
  issues.push(...findDuplicatesInFile(records));
  issues.push(...(await findExistingDuplicates(tx, records)));
  const order = (c: string) => {
    const i = IMPORT_COLUMN_KEYS.indexOf(c as TImportColumn);
    return i < 0 ? 99 : i;
  };
  issues.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  return { records, issues };
}

const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });

/**
 * Reads an upload, checks every row and stores the result as a preview (status 'previewed'):
 * nothing is created until the preview is committed.
 */
export async function previewStudentImport(
  ctx: TContext,
  file: { fileName: string; data: Buffer },
): Promise<studentsApi.TStudentImportSummary> {
  const actor = requireActor(ctx);
  const fileName = (file.fileName.split(/[\\/]/).pop() ?? '').slice(0, 200) || 'upload';
  const fileRows = await readImportFile(fileName, file.data);
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
    const { issues } = missingRequired ? { issues: [] as TImportIssue[] } : await checkStoredRows(tx, rows, sites);
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
