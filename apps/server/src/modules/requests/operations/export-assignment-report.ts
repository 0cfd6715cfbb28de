import { PassThrough } from 'node:stream';
import { REQUEST_STATUS_LABELS, requestsApi, type jobsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { datedXlsxName, safeCell as cell, XLSX_TYPE, XlsxSheetWriter, type TXlsxColumn } from '../../../platform/files/xlsx-writer.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TJobRun } from '../../../platform/jobs/runner.js';
import { assignmentReportQuery } from '../queries/assignment-report.query.js';

/** What the export job keeps: the office's day when it was asked for (the file's name). */
export interface TExportAssignmentReportJob {
  today: string;
}

const COLUMNS: TXlsxColumn[] = [
  { header: 'Person', width: 28 },
  { header: 'Request type', width: 36 },
  { header: 'Status', width: 24 },
  { header: 'Requests', width: 10 },
];

export const workloadFileName = (today: string): string => datedXlsxName('Student_Request_Workload', today);

/** "Export" on the workload report (docs/product/requests.md#the-assignment-report): written by a job the page follows. */
export function startExportAssignmentReport(ctx: TContext): Promise<jobsApi.TJob> {
  return ctx.services.jobs.enqueue(ctx, requestsApi.EXPORT_ASSIGNMENT_REPORT_JOB, {
    today: ctx.today(),
  } satisfies TExportAssignmentReportJob);
}

/**
 * The job: the report as the caller reaches it now (grouped by the database, so a few rows per person
 * however many requests), one row per person, request type and status, streamed into the job's file.
 */
export async function exportAssignmentReport({
  ctx,
  input,
  progress,
  saveFile,
}: TJobRun<TExportAssignmentReportJob>): Promise<{ rows: number }> {
  const actor = requireActor(ctx);
  const file = new PassThrough();
  const saved = saveFile(file, workloadFileName(input.today), XLSX_TYPE);
  saved.catch(() => {});
  let rows = 0;
  try {
    progress({ done: 0, total: null, phase: 'Counting the requests' });
    const report = await ctx.db((tx) => assignmentReportQuery(tx, actor));
    progress({ total: report.rows.length, phase: 'Writing the workbook' });
    const sheet = new XlsxSheetWriter(file, { sheetName: 'Workload', columns: COLUMNS, creator: 'Meridian' });
    await sheet.start();
    await sheet.addRows(
      report.rows.map((r) => [
        cell(r.assignee?.name ?? 'Unassigned'),
        cell(r.requestTypeName),
        REQUEST_STATUS_LABELS[r.status],
        String(r.count),
      ]),
    );
    rows = report.rows.length;
    await sheet.finish();
  } catch (e) {
    file.destroy(e as Error);
    await saved.catch(() => {});
    throw e;
  }
  progress({ done: rows, phase: 'Saving the file' });
  file.end();
  await saved;
  await ctx.db((tx) =>
    writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_assignment_report',
      entityId: ctx.institutionId,
      action: 'requests.assignment-report.exported',
      after: { rows },
      ip: ctx.ip,
    }),
  );
  return { rows };
}
