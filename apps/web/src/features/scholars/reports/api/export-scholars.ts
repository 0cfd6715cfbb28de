import { useMutation } from '@tanstack/react-query';
import { scholarsApi, type jobsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { downloadJobFile } from '../../../jobs';

export type TScholarExportKind = 'scholars' | 'opt';

/** The job kind of each export, to find a running one again after a reload. */
export const SCHOLAR_EXPORT_JOBS: Record<TScholarExportKind, string> = {
  scholars: scholarsApi.EXPORT_SCHOLARS_JOB,
  opt: scholarsApi.EXPORT_OPT_JOB,
};

/** Which export a job is. */
export const exportKindOf = (job: Pick<jobsApi.TJob, 'kind'>): TScholarExportKind =>
  job.kind === scholarsApi.EXPORT_OPT_JOB ? 'opt' : 'scholars';

/**
 * Starts an Excel export of the filtered dashboard on the server: the scholars sheet, or the F-1
 * OPT/STEM cases with their employment flags. The answer is the job to follow.
 */
export function useStartScholarExport() {
  return useMutation({
    mutationFn: ({ kind, body }: { kind: TScholarExportKind; body: scholarsApi.TScholarExportInput }) =>
      apiCall(kind === 'opt' ? scholarsApi.exportOpt : scholarsApi.exportScholars, { body }),
  });
}

/** Saves the workbook a finished export job wrote. */
export function downloadScholarExport(job: jobsApi.TJob): Promise<void> {
  return downloadJobFile(job, exportKindOf(job) === 'opt' ? 'OPT.xlsx' : 'Scholar_Export.xlsx');
}
