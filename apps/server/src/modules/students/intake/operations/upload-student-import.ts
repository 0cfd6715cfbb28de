import {
  checkImportHeader,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  isLegacyDateColumn,
  STUDENT_LEGACY_TARGETS,
  studentsApi,
  type jobsApi,
  type TImportColumn,
  type TImportIssue,
} from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import type { TJobProgressUpdate } from '../../../../platform/jobs/runner.js';
import { studentImports } from '../../schema.js';
import { dropKept, keepForJob } from '../../../../platform/jobs/kept-input.js';
import { checkImportFileType, readImportFile } from '../import-file.js';
import { loadImportSummary } from '../import-summary.js';
import { checkStoredRows, importableSites, type TStoredRow } from '../import-rows.js';
import { mapLegacyRows, refuseMapping, type TLegacyMatching } from '../legacy-file.js';
import { uploadName } from '../../../../platform/files/upload-name.js';

/** The job kind that reads and checks an upload (docs/product/students-intake.md#batch-upload). */
export const UPLOAD_IMPORT_JOB = studentsApi.UPLOAD_IMPORT_JOB;

/** What the upload job gets: where the file is kept, and the name it came with. */
export interface TUploadImportJobInput {
  storageKey: string;
  fileName: string;
  /** A legacy export's column matching (Convert from Legacy); absent for the batch upload's own columns. */
  legacy?: TLegacyMatching;
}

const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });

/**
 * Starts checking an upload as a job: a file whose content does not match its name is refused at
 * once (400, as before); otherwise the bytes are kept in file storage and the job reads them.
 */
export async function startStudentImportUpload(
  ctx: TContext,
  file: { fileName: string; data: Buffer },
  legacy: TLegacyMatching | null = null,
): Promise<jobsApi.TJob> {
  requireActor(ctx);
  const fileName = uploadName(file.fileName);
  checkImportFileType(fileName, file.data);
  const storageKey = await keepForJob(ctx, file.data);
  try {
    return await ctx.services.jobs.enqueue<TUploadImportJobInput>(ctx, UPLOAD_IMPORT_JOB, {
      storageKey,
      fileName,
      ...(legacy ? { legacy } : {}),
    });
  } catch (e) {
    await dropKept(ctx, storageKey);
    throw e;
  }
}

/** The rows of a file in the batch upload's own columns (its header names them). */
function uploadRows(header: { cells: string[] }, body: { rowNo: number; cells: string[] }[]) {
  const { columns, issues } = checkImportHeader(header.cells);
  const rows: TStoredRow[] = body.map(({ rowNo, cells }) => {
    const stored: TStoredRow = { _row: String(rowNo) };
    columns.forEach((key, i) => {
      if (key) stored[key] = (cells[i] ?? '').trim();
    });
    return stored;
  });
  return { columns, issues, rows };
}

/** The rows of a legacy export through the office's matching; a matching that no longer fits the file is refused. */
function legacyRows(header: { rowNo: number; cells: string[] }, body: { rowNo: number; cells: string[] }[], legacy: TLegacyMatching) {
  const mapped = mapLegacyRows(header, body, legacy, STUDENT_LEGACY_TARGETS, isLegacyDateColumn);
  if (mapped.issues.length) refuseMapping(mapped.issues);
  return { columns: mapped.keys.map((k) => (k || null) as TImportColumn | null), issues: [] as TImportIssue[], rows: mapped.rows };
}

/** How the job reports: progress, and the completion written in the preview's own transaction. */
export interface TImportJobHooks {
  progress?: (update: TJobProgressUpdate) => void;
  completeIn?: (tx: TTx, result: unknown) => Promise<void>;
}

/**
 * Reads an upload, checks every row and stores the result as a preview (status 'previewed'):
 * nothing is created until the preview is committed. The preview and the job's completion are one
 * transaction, so a job resumed after a crash never stores a second preview.
 */
export async function uploadStudentImport(
  ctx: TContext,
  file: { fileName: string; data: Buffer },
  { progress = () => {}, completeIn }: TImportJobHooks = {},
  legacy: TLegacyMatching | null = null,
): Promise<studentsApi.TStudentImportSummary> {
  const actor = requireActor(ctx);
  const fileName = uploadName(file.fileName);
  progress({ phase: 'Reading rows', done: 0, total: null });
  // The header and one row past the limit are enough to say the file is too long.
  const fileRows = await readImportFile(fileName, file.data, IMPORT_MAX_ROWS + 2, (read) => progress({ done: Math.max(0, read - 1) }));
  if (fileRows.length === 0) throw fileError('The file is empty: it needs a header row and one row per student.');
  const [header, ...body] = fileRows;
  if (body.length === 0) throw fileError(IMPORT_MSG.empty);
  if (body.length > IMPORT_MAX_ROWS) throw fileError(IMPORT_MSG.tooManyRows);
  // A legacy export is read through the office's matching (its own header names), else by the upload's columns.
  const { columns, issues: headerIssues, rows } = legacy ? legacyRows(header!, body, legacy) : uploadRows(header!, body);
  const missingRequired = IMPORT_COLUMNS.some((c) => c.isRequired && !columns.includes(c.key));
  progress({ phase: 'Checking rows', done: 0, total: rows.length });
  return ctx.db(async (tx) => {
    const sites = await importableSites(tx, actor);
    // Without the required columns every row would repeat the same message: report the header alone.
    const { issues, warnings } = missingRequired
      ? { issues: [] as TImportIssue[], warnings: [] as TImportIssue[] }
      : await checkStoredRows(tx, ctx, rows, sites, (done) => progress({ done }));
    progress({ phase: 'Saving the preview', done: rows.length });
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
        warnings,
        warningCount: warnings.length,
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
      after: {
        fileName,
        rowCount: rows.length,
        errorCount: errors.length,
        warningCount: warnings.length,
        ...(legacy ? { convertedFromLegacy: true, columns: legacy.columns, dateFormat: legacy.dateFormat } : {}),
      },
      ip: ctx.ip,
    });
    const summary = await loadImportSummary(tx, ctx, created!.id);
    await completeIn?.(tx, summary);
    return summary;
  });
}
