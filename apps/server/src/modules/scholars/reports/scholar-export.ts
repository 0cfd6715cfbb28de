import { PassThrough, type Writable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import type { scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TJobProgressUpdate, TJobRun } from '../../../platform/jobs/runner.js';
import { startWorker } from '../../../platform/jobs/worker-thread.js';
import { XLSX_TYPE } from '../../../platform/files/xlsx-writer.js';
import { departments } from '../../people/index.js';
import { readAccountSettings } from '../account-settings.js';
import { exportFileName, type TExportKind, type TExportWorkerInput, type TExportWorkerMessage } from './export-sheet.js';
import { dashboardConditions, dashboardOrder, type TDashboardExport } from './queries/dashboard.query.js';
import { scholarApplications as a, scholars as s } from '../schema.js';

export { exportColumns, exportFileName, exportRowValues, exportSheetName, type TExportColumn, type TExportKind } from './export-sheet.js';

const usDate = (col: unknown) => sql<string | null>`to_char(${col}, 'MM/DD/YYYY')`;

type TWhere = ReturnType<typeof dashboardConditions>;

/** The cases an export holds: the dashboard's, and for the OPT export only the F-1 OPT/STEM ones. */
const exportWhere = (kind: TExportKind, where: TWhere) => (kind === 'opt' ? and(where, eq(a.processedState, 'F-1 OPT/STEM')) : where);

/** How many rows the export will write, for its progress. */
async function exportCount(tx: TTx, kind: TExportKind, where: TWhere): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .innerJoin(departments, eq(departments.id, a.departmentId))
    .where(exportWhere(kind, where));
  return row?.n ?? 0;
}

/** The export's select: the dashboard's conditions and order, columns aliased and dates already MM/DD/YYYY. */
export function exportSelect(tx: TTx, kind: TExportKind, scope: TDashboardExport, where: TWhere) {
  return tx
    .select({
      last_name: sql`${s.lastName}`.as('last_name'),
      first_name: sql`${s.firstName}`.as('first_name'),
      email: sql`${s.email}`.as('email'),
      department: sql`${departments.name}`.as('department'),
      proposed_status: sql`${a.proposedStatus}`.as('proposed_status'),
      processed_state: sql`${a.processedState}`.as('processed_state'),
      phase: sql`${a.phase}`.as('phase'),
      status: sql`${a.status}`.as('status'),
      position: sql`${a.position}`.as('position'),
      hiring_authority: sql`${a.hiringAuthorityName}`.as('hiring_authority'),
      proposed_start: usDate(a.proposedStartDate).as('proposed_start'),
      proposed_end: usDate(a.proposedEndDate).as('proposed_end'),
      processed_start: usDate(a.processedStartDate).as('processed_start'),
      processed_end: usDate(a.processedEndDate).as('processed_end'),
      premium: sql`${a.premiumProcessFlag}`.as('premium'),
      updated: usDate(a.updatedAt).as('updated'),
      employment: sql`${kind === 'opt' ? a.employment : sql`null`}`.as('employment'),
    })
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .innerJoin(departments, eq(departments.id, a.departmentId))
    .where(exportWhere(kind, where))
    .orderBy(...dashboardOrder(scope.sort, scope.order));
}

const BATCH = 500;

/**
 * The export worker's heap. It holds a batch of rows and its sheet XML (a few MB live): with
 * limits set, V8 collects it often and keeps it near that (about 60 MB more resident memory while an
 * export runs), where the server's own heap lets garbage grow to several times its live size first.
 * The cap leaves room for tsx's loader in development and tests; reaching it fails the job, which is
 * tried again.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

/**
 * Rejects once `out` fails or closes before it was ended (the storage refused, the reader went away),
 * so the export never waits on a destination that will not take more.
 */
function brokenOff(out: Writable): Promise<never> {
  const broken = new Promise<never>((_, reject) => {
    const fail = () => reject(out.errored ?? new Error('the export file was closed before it was written'));
    if (out.destroyed) fail();
    out.once('error', fail);
    out.once('close', () => {
      if (!out.writableFinished) fail();
    });
  });
  broken.catch(() => {});
  return broken;
}

/**
 * Starts the export worker (export-worker.ts) and writes the workbook it sends into `out`, taking its
 * next chunk only once `out` has room. `done` resolves with the rows written once the worker is done;
 * `stop` ends the worker early.
 */
function startExportWorker(
  input: TExportWorkerInput,
  out: Writable,
  progress: (rowsWritten: number) => void,
): { done: Promise<number>; stop: () => void } {
  const worker = startWorker(new URL('./export-worker.ts', import.meta.url), 'scholar-export-worker.js', {
    workerData: input,
    resourceLimits: WORKER_LIMITS,
  });
  const done = new Promise<number>((resolve, reject) => {
    let rows: number | null = null;
    const fail = (e: unknown) => {
      void worker.terminate();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    brokenOff(out).catch(fail);
    worker.on('message', (m: TExportWorkerMessage) => {
      if (m.type === 'chunk') {
        if (out.write(Buffer.from(m.bytes))) worker.postMessage('more');
        else out.once('drain', () => worker.postMessage('more'));
      } else if (m.type === 'progress') progress(m.done);
      else {
        rows = m.rows;
        void worker.terminate().then(() => resolve(m.rows), fail);
      }
    });
    worker.once('error', fail);
    worker.once('exit', (code) => {
      if (rows === null) fail(new Error(`the export worker stopped before the end (exit code ${code})`));
    });
  });
  done.catch(() => {});
  return { done, stop: () => void worker.terminate() };
}

/**
 * Streams the filtered dashboard as an Excel workbook into `out`. The select is built and the cases
 * counted here, in the tenant transaction; the rows are read and the workbook written by the export
 * worker, a thread of its own with a capped heap (export-worker.ts), through a server-side cursor
 * BATCH rows at a time, so the server's heap never sees the rows' garbage and memory stays flat
 * whatever the number of cases. Reports rows written of the total, and records who exported what in
 * the audit trail. Does not end `out`; fails (and writes no audit event) when `out` fails.
 */
export async function streamScholarExport(
  ctx: TContext,
  kind: TExportKind,
  scope: TDashboardExport,
  out: Writable,
  today = ctx.today(),
  progress: (u: TJobProgressUpdate) => void = () => {},
): Promise<number> {
  const actor = requireActor(ctx);
  const connectionString = ctx.services.database.pool.options.connectionString;
  if (!connectionString) throw new Error('the export worker needs the database URL');
  let total: number | null = null;
  const worker = await ctx.db(async (tx) => {
    const settings = await readAccountSettings(tx);
    const where = dashboardConditions(actor, scope, { today, endingSoonDays: Math.max(...settings.endDateAlertOffsets) });
    progress({ done: 0, total: null, phase: 'Counting the cases' });
    const statement = exportSelect(tx, kind, scope, where).toSQL();
    // The worker starts (loads its modules, connects) while the cases are counted. Read committed: a
    // case added since the count may make the rows written pass it; the bar holds at full.
    const started = startExportWorker(
      { connectionString, institutionId: ctx.institutionId, sql: statement.sql, params: statement.params, kind, batch: BATCH },
      out,
      (done) => progress(total === null ? { done } : { done, total: Math.max(total, done) }),
    );
    try {
      total = await exportCount(tx, kind, where);
    } catch (e) {
      started.stop();
      throw e;
    }
    progress({ total, phase: 'Writing the workbook' });
    return started;
  });
  const n = await worker.done;
  await ctx.db((tx) =>
    writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_dashboard',
      entityId: kind,
      action: 'scholars.export',
      after: { rows: n, filters: scope },
      ip: ctx.ip,
    }),
  );
  return n;
}

/** What an export job keeps: the filters as checked when it was asked for, and the office's date then. */
export interface TScholarExportJob {
  scope: TDashboardExport;
  today: string;
}

/**
 * The export as a job: the workbook is written row by row straight into the file storage (a stream:
 * memory stays flat at 100 000 cases) and kept as the job's file for its requester once whole.
 * Read-only but for its audit event, so running it again after a crash only makes the file again;
 * the bytes a crashed run had written are never served (see TJobRun.saveFile).
 */
export async function runScholarExportJob(
  kind: TExportKind,
  { ctx, input, progress, saveFile }: TJobRun<TScholarExportJob>,
): Promise<scholarsApi.TScholarExportResult> {
  const file = new PassThrough();
  const saved = saveFile(file, exportFileName(kind, input.today), XLSX_TYPE);
  // Awaited below; should the storage fail first, it destroys `file`, which ends the export.
  saved.catch(() => {});
  let rows: number;
  try {
    rows = await streamScholarExport(ctx, kind, input.scope, file, input.today, progress);
  } catch (e) {
    file.destroy(e as Error);
    await saved.catch(() => {});
    throw e;
  }
  progress({ phase: 'Saving the file' });
  file.end();
  await saved;
  return { rows };
}
