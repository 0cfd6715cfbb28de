import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi, type jobsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { uploadFile } from '../../../../app/http/upload-file';
import { downloadFile } from '../../../../app/http/download-file';

export const importsKey = ['students', 'imports'] as const;
type TSummary = studentsApi.TStudentImportSummary;

/** History of uploads, newest first. */
export function useListStudentImports(query: { page: number; pageSize: number; status: string }, enabled = true) {
  return useQuery({
    queryKey: [...importsKey, 'list', query],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudentImports, { query: query as never, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The preview of one upload, a page of rows at a time. */
export function useGetStudentImport(
  importId: string,
  query: { page: number; pageSize: number; onlyErrors: '0' | '1'; onlyWarnings: '0' | '1' },
) {
  return useQuery({
    queryKey: [...importsKey, 'one', importId, query],
    queryFn: ({ signal }) => apiCall(studentsApi.getStudentImport, { params: { importId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The job kind that checks an upload on the server (its result is the upload's summary). */
export const UPLOAD_IMPORT_JOB = studentsApi.UPLOAD_IMPORT_JOB;
/** The job kind that creates the students of a preview (its result is a TCommitImportOutput). */
export const COMMIT_IMPORT_JOB = studentsApi.COMMIT_IMPORT_JOB;

/**
 * Uploads a CSV or XLSX file (XMLHttpRequest, for the progress bar); the answer is the job that checks
 * every row on the server, which the page follows.
 */
export function uploadStudentImport(file: File, onProgress: (fraction: number) => void): Promise<jobsApi.TJob> {
  return uploadFile<jobsApi.TJob>(studentsApi.uploadStudentImport.path, file, onProgress);
}

/** The summary an upload job answered (null when it is not one). */
export function uploadedSummary(job: jobsApi.TJob): TSummary | null {
  const parsed = studentsApi.ZStudentImportSummary.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}

/** What a commit job answered (null when it is not one). */
export function commitOutput(job: jobsApi.TJob): studentsApi.TCommitImportOutput | null {
  const parsed = studentsApi.ZCommitImportOutput.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}

// Which upload a commit job imports: the job does not say, so the tab remembers it, and a preview
// reloaded while its import runs picks up that job and no other upload's.
const commitJobKey = (importId: string) => `meridian.student-import.commit.${importId}`;

/** The commit job started from this tab for an upload, if any. */
export function rememberedCommitJob(importId: string): string | null {
  try {
    return window.sessionStorage.getItem(commitJobKey(importId));
  } catch {
    return null;
  }
}

function rememberCommitJob(importId: string, jobId: string | null): void {
  try {
    if (jobId) window.sessionStorage.setItem(commitJobKey(importId), jobId);
    else window.sessionStorage.removeItem(commitJobKey(importId));
  } catch {
    // Storage refused (private mode): the page still follows the job until it is reloaded.
  }
}

/** Starts creating every student of an error-free preview (all or nothing); the answer is the job the page follows. */
export function useCommitStudentImport() {
  return useMutation({
    mutationFn: (importId: string) => apiCall(studentsApi.commitStudentImport, { params: { importId } }),
    meta: { errorHandling: 'local' },
    onSuccess: (job, importId) => rememberCommitJob(importId, job.id),
  });
}

/** The commit job of an upload has ended: the upload's lists and preview are fetched again. */
export function useCommitEnded() {
  const qc = useQueryClient();
  return useCallback(
    (importId: string) => {
      rememberCommitJob(importId, null);
      qc.setQueryData(['jobs', 'active', COMMIT_IMPORT_JOB], { items: [] });
      void qc.invalidateQueries({ queryKey: importsKey });
      // New records: the Student List and its title counts are fetched again.
      void qc.invalidateQueries({ queryKey: ['students', 'list'] });
    },
    [qc],
  );
}

/** Drops a preview. */
export function useDiscardStudentImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => apiCall(studentsApi.discardStudentImport, { params: { importId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: importsKey }),
  });
}

/** Saves the error report (row, column, message) as CSV. */
export function downloadImportErrors(importId: string): Promise<void> {
  return downloadFile(studentsApi.downloadStudentImportErrors, { params: { importId } }, 'errors.csv');
}
