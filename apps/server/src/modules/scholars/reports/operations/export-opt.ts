import { scholarsApi, type jobsApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import type { TJobRun } from '../../../../platform/jobs/runner.js';
import type { TDashboardExport } from '../queries/dashboard.query.js';
import { runScholarExportJob, type TScholarExportJob } from '../scholar-export.js';

/** The job kind that writes the OPT workbook (docs/product/operations.md#long-work-runs-as-jobs). */
export const EXPORT_OPT_JOB = scholarsApi.EXPORT_OPT_JOB;

/**
 * "Export OPT list" as a job: the filters were checked by the contract (a 400 on the field at once);
 * the workbook is written by the job the dashboard follows, dated by the office's day of asking.
 */
export function startExportOpt(ctx: TContext, scope: TDashboardExport): Promise<jobsApi.TJob> {
  return ctx.services.jobs.enqueue(ctx, EXPORT_OPT_JOB, { scope, today: ctx.today() } satisfies TScholarExportJob);
}

/** The job: the F-1 OPT/STEM cases of the filtered dashboard as the OPT workbook, kept as the job's file. */
export function exportOpt(job: TJobRun<TScholarExportJob>): Promise<scholarsApi.TScholarExportResult> {
  return runScholarExportJob('opt', job);
}
