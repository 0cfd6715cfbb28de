import { PassThrough } from 'node:stream';
import { auditApi, formatDateTime, type jobsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { datedXlsxName, safeCell as cell, XLSX_TYPE, XlsxSheetWriter, type TXlsxColumn } from '../../../platform/files/xlsx-writer.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TJobRun } from '../../../platform/jobs/runner.js';
import { afterPosition, countLogs, logsSelect, logsWhere, presentLogEntry } from '../queries/logs.query.js';

/** What the export job keeps: the filters as checked when it was asked for, and the office's day then (the file's name). */
export interface TExportLogsJob {
  filters: auditApi.TLogFilters;
  today: string;
}

const BATCH = 1000;
/** A spreadsheet cell holds at most this many characters. */
const CELL_MAX = 32_767;

const COLUMNS: TXlsxColumn[] = [
  { header: 'Date', width: 22 },
  { header: 'Who', width: 24 },
  { header: 'E-mail', width: 30 },
  { header: 'Log type', width: 14 },
  { header: 'Action', width: 34 },
  { header: 'Action code', width: 30 },
  { header: 'Record type', width: 20 },
  { header: 'Record id', width: 38 },
  { header: 'IP address', width: 16 },
  { header: 'Before', width: 40 },
  { header: 'After', width: 40 },
];

/** Logs_{month}_{day}_{year}.xlsx for a date (docs/product/logs.md#export). */
export const logsFileName = (today: string): string => datedXlsxName('Logs', today);

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v).slice(0, CELL_MAX));

/** "Export": the filters were checked by the contract; the workbook is written by the job the page follows. */
export function startExportLogs(ctx: TContext, filters: auditApi.TLogFilters): Promise<jobsApi.TJob> {
  return ctx.services.jobs.enqueue(ctx, auditApi.EXPORT_LOGS_JOB, { filters, today: ctx.today() } satisfies TExportLogsJob);
}

/**
 * The job: the filtered Logs, newest first, read a batch at a time (keyset on the time and id) and
 * written row by row into the job's file, so memory stays flat however many events match. Writes
 * its own audit event: who exported what, with the filters and the number of rows.
 */
export async function exportLogs({ ctx, input, progress, saveFile }: TJobRun<TExportLogsJob>): Promise<auditApi.TExportLogsResult> {
  const actor = requireActor(ctx);
  const file = new PassThrough();
  const saved = saveFile(file, logsFileName(input.today), XLSX_TYPE);
  // Awaited below; should the storage fail first, it destroys `file`, which ends the export.
  saved.catch(() => {});
  const where = logsWhere(input.filters, ctx.timeZone);
  let rows = 0;
  try {
    progress({ done: 0, total: null, phase: 'Counting the events' });
    const total = await ctx.db((tx) => countLogs(tx, where));
    progress({ total, phase: 'Writing the workbook' });
    const sheet = new XlsxSheetWriter(file, { sheetName: 'Logs', columns: COLUMNS, creator: 'Meridian' });
    await sheet.start();
    let pos: { atText: string; id: number } | null = null;
    for (;;) {
      const batch = await ctx.db((tx) => logsSelect(tx, afterPosition(where, pos)).limit(BATCH));
      if (!batch.length) break;
      await sheet.addRows(
        batch.map((r) => {
          const x = presentLogEntry(r);
          return [
            formatDateTime(x.at, { timeZone: ctx.timeZone, withZone: true }),
            x.actorName ?? 'System',
            x.actorEmail ?? '',
            x.logType,
            x.actionLabel,
            x.action,
            x.entityType,
            x.entityId,
            x.ip ?? '',
            json(x.before),
            json(x.after),
          ].map(cell);
        }),
      );
      rows += batch.length;
      progress({ done: rows, total: Math.max(total, rows) });
      const last = batch[batch.length - 1]!;
      pos = { atText: last.atText, id: last.e.id };
      if (batch.length < BATCH) break;
    }
    await sheet.finish();
  } catch (e) {
    file.destroy(e as Error);
    await saved.catch(() => {});
    throw e;
  }
  progress({ phase: 'Saving the file' });
  file.end();
  await saved;
  await ctx.db((tx) =>
    writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'audit_logs',
      entityId: input.filters.logType,
      action: 'audit.logs.exported',
      after: { rows, filters: input.filters },
      ip: ctx.ip,
    }),
  );
  return { rows };
}
