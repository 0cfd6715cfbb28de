import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi, type jobsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { uploadFile } from '../../../../app/http/upload-file';

export const hrImportsKey = ['scholars', 'hr-imports'] as const;

/** The job kind that reads and compares a feed on the server. */
export const HR_COMPARE_JOB = scholarsApi.HR_COMPARE_JOB;

/** Uploads the HR feed (XMLHttpRequest, for the progress bar); the answer is the job that compares it. */
export function uploadHrFeed(file: File, onProgress: (fraction: number) => void): Promise<jobsApi.TJob> {
  return uploadFile<jobsApi.TJob>(scholarsApi.uploadScholarHrFeed.path, file, onProgress);
}

/** The comparisons so far, newest first. */
export function useListHrImports(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...hrImportsKey, 'list', query],
    queryFn: ({ signal }) => apiCall(scholarsApi.listScholarHrImports, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One comparison's counts. */
export function useGetHrImport(importId: string) {
  return useQuery({
    queryKey: [...hrImportsKey, 'one', importId],
    queryFn: ({ signal }) => apiCall(scholarsApi.getScholarHrImport, { params: { importId }, signal }),
  });
}

/** A page of a comparison's rows, filtered, sorted and paged on the server. */
export function useHrImportRows(importId: string, query: scholarsApi.THrRowsQuery) {
  return useQuery({
    queryKey: [...hrImportsKey, 'rows', importId, query],
    queryFn: ({ signal }) => apiCall(scholarsApi.listScholarHrImportRows, { params: { importId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Accepts or rejects changes (all or nothing). */
export function useDecideHrChanges(importId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: scholarsApi.THrDecisionInput) => apiCall(scholarsApi.decideScholarHrChanges, { params: { importId }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: hrImportsKey }),
  });
}
