import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentsApi, type jobsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { uploadFile } from '../../../../app/http/upload-file';

/** The job kind that checks (and creates) a cohort on the server (its result is a TJ1CohortResult). */
export const CREATE_J1_COHORT_JOB = studentsApi.CREATE_J1_COHORT_JOB;
/** The job kind that reads a participants file on the server (its result is a TJ1CohortFileRows). */
export const READ_J1_COHORT_FILE_JOB = studentsApi.READ_J1_COHORT_FILE_JOB;

/**
 * Starts creating a J-1 cohort (or, with checkOnly, checking it): all records or none; a refusal names
 * participants.N.field. The answer is the job the page follows.
 */
export function useCreateJ1Cohort() {
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: studentsApi.TJ1CohortInput) => apiCall(studentsApi.createJ1Cohort, { body }),
  });
}

/** What a cohort job answered (null when it is not one). */
export function cohortResult(job: jobsApi.TJob): studentsApi.TJ1CohortResult | null {
  const parsed = studentsApi.ZJ1CohortResult.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}

/** A job of the page has ended: it is no longer the kind's running job; records created show in the lists. */
export function useCohortJobEnded() {
  const qc = useQueryClient();
  return useCallback(
    (job: jobsApi.TJob) => {
      qc.setQueryData(['jobs', 'active', job.kind], { items: [] });
      if (job.kind === CREATE_J1_COHORT_JOB && cohortResult(job)?.records.length)
        void qc.invalidateQueries({ queryKey: ['students', 'list'] });
    },
    [qc],
  );
}

/** Sends a participants file (CSV or XLSX) to be read into rows for review; nothing is created. The answer is the reading job. */
export function readJ1CohortFile(file: File, onProgress: (fraction: number) => void): Promise<jobsApi.TJob> {
  return uploadFile<jobsApi.TJob>(studentsApi.readJ1CohortFile.path, file, onProgress);
}

/** The rows a file-reading job answered (null when it is not one). */
export function cohortFileRows(job: jobsApi.TJob): studentsApi.TJ1CohortFileRows | null {
  const parsed = studentsApi.ZJ1CohortFileRows.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}
