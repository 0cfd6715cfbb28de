import { inArray } from 'drizzle-orm';
import { IMPORT_MAX_ROWS, sevisApi, type jobsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import type { TJobRun } from '../../../../platform/jobs/runner.js';
import { startUploadJob, uploadKind, withStoredUpload, type TUploadJobInput } from '../../file-upload.js';
import { IMPORT_FILE_MSG, readImportFile, staffReachesProfile, studentProfiles } from '../../../students/index.js';
import { rtiImportRows, rtiImports } from '../../schema.js';
import { diffRow, mapRtiHeader, normalizeRtiRow } from '../rti-parse.js';
import { RTI_MSG, presentRtiImport } from '../rti-imports.js';

/** The job kind that reads an RTI list into a comparison (docs/product/sevis-rti.md). */
export const UPLOAD_RTI_IMPORT_JOB = sevisApi.UPLOAD_RTI_IMPORT_JOB;

/**
 * "Upload an RTI list" as a job: a file that is not a CSV or XLSX (by name and first bytes) or too
 * large is refused at once; the upload is kept in file storage and the reading and comparing run as
 * a job the RTI Import page follows.
 */
export async function startUploadRtiImport(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<jobsApi.TJob> {
  uploadKind(file.fileName, file.data, { zipped: ['xlsx'], text: ['csv', 'txt'] }, IMPORT_FILE_MSG.type);
  return startUploadJob(ctx, UPLOAD_RTI_IMPORT_JOB, file);
}

/** The job: reads the stored list and keeps its comparison, completing the job in the same transaction. */
export function runUploadRtiImport({ ctx, input, progress, completeIn }: TJobRun<TUploadJobInput>): Promise<sevisApi.TRtiImportSummary> {
  return withStoredUpload(ctx, input, (data) => uploadRtiImport(ctx, { fileName: input.fileName, data }, { progress, completeIn }));
}

/**
 * Reads an RTI list (CSV or XLSX, sniffed like the student batch upload), matches each row to our
 * record by SEVIS ID and stores the comparison: unchanged, changed (with each differing field, ours
 * and RTI's), new (a student we lack) or error (bad date, SEVIS ID, country...: the message on the row).
 */
export async function uploadRtiImport(
  ctx: TContext,
  file: { fileName: string; data: Buffer },
  job: Pick<TJobRun<unknown>, 'progress' | 'completeIn'>,
): Promise<sevisApi.TRtiImportSummary> {
  const actor = requireActor(ctx);
  job.progress({ phase: 'Reading the list' });
  // The header and one row past the limit are enough to say the file is too long (read as a stream, stopped there).
  const rows = await readImportFile(file.fileName, file.data, IMPORT_MAX_ROWS + 2);
  const header = rows[0]?.cells ?? [];
  const cols = mapRtiHeader(header);
  if (!cols.includes('sevisId')) throw fieldError('file', RTI_MSG.noSevisColumn);
  const data = rows.slice(1);
  if (!data.length) throw fieldError('file', RTI_MSG.noRows);
  if (data.length > IMPORT_MAX_ROWS)
    throw fieldError('file', `The file has more than ${IMPORT_MAX_ROWS} rows; split it into several files.`);

  const parsed = data.map((r) => {
    const raw: Record<string, string> = {};
    cols.forEach((k, i) => {
      if (k) raw[k] = r.cells[i] ?? '';
    });
    return { rowNo: r.rowNo, ...normalizeRtiRow(raw) };
  });
  const seen = new Set<string>();
  for (const r of parsed) {
    const id = r.values.sevisId;
    if (!id || r.errors.length) continue;
    if (seen.has(id)) r.errors.push(RTI_MSG.duplicateInFile);
    seen.add(id);
  }

  job.progress({ phase: 'Comparing the rows with our records', done: 0, total: parsed.length });
  return ctx.db(async (tx) => {
    const ids = [...seen];
    const profiles = ids.length ? await tx.select().from(studentProfiles).where(inArray(studentProfiles.sevisId, ids)) : [];
    const byId = new Map(profiles.map((p) => [p.sevisId!, p]));
    const stored = parsed.map((r) => {
      const p = r.values.sevisId ? byId.get(r.values.sevisId) : undefined;
      if (r.errors.length) return { r, profileId: null, state: 'error', message: r.errors.join(' '), diffs: {} };
      if (p && !staffReachesProfile(actor, p, 'read'))
        return { r, profileId: null, state: 'error', message: RTI_MSG.outOfReach, diffs: {} };
      if (!p) return { r, profileId: null, state: 'new', message: '', diffs: {} };
      const diffs = diffRow(p, r.values);
      return { r, profileId: p.id, state: Object.keys(diffs).length ? 'changed' : 'unchanged', message: '', diffs };
    });
    const count = (s: string) => stored.filter((x) => x.state === s).length;
    const visas = new Set(parsed.map((r) => r.values.visaType).filter(Boolean));
    const [imp] = await tx
      .insert(rtiImports)
      .values({
        institutionId: ctx.institutionId,
        fileName: file.fileName.slice(0, 200) || 'rti-list',
        kind: visas.size === 1 && visas.has('J-1') ? 'ev' : 'student',
        rowCount: stored.length,
        changedCount: count('changed'),
        newCount: count('new'),
        errorCount: count('error'),
        createdBy: actor.userId,
      })
      .returning();
    for (let i = 0; i < stored.length; i += 500) {
      await tx.insert(rtiImportRows).values(
        stored.slice(i, i + 500).map((x) => ({
          institutionId: ctx.institutionId,
          importId: imp!.id,
          rowNumber: x.r.rowNo,
          sevisId: (x.r.values.sevisId ?? '').slice(0, 20),
          profileId: x.profileId,
          values: x.r.values,
          diffs: x.diffs,
          state: x.state,
          message: x.message.slice(0, 1000),
        })),
      );
      job.progress({ done: Math.min(i + 500, stored.length) });
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'rti_import',
      entityId: imp!.id,
      action: 'sevis.rti.uploaded',
      after: { fileName: imp!.fileName, rows: stored.length, changed: imp!.changedCount, new: imp!.newCount, errors: imp!.errorCount },
      ip: ctx.ip,
    });
    const out = await presentRtiImport(tx, imp!);
    await job.completeIn(tx, out);
    return out;
  });
}
