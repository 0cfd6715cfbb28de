import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi, type jobsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { uploadFile } from '../../../../app/http/upload-file';

export const activeImportsKey = ['students', 'active-imports'] as const;

/** The job kinds that compare a feed and apply a comparison on the server. */
export const ACTIVE_IMPORT_COMPARE_JOB = studentsApi.ACTIVE_IMPORT_COMPARE_JOB;
export const ACTIVE_IMPORT_APPLY_JOB = studentsApi.ACTIVE_IMPORT_APPLY_JOB;

/** Uploads the SIS feed (XMLHttpRequest, for the progress bar); the answer is the job that compares it. */
export function uploadActiveImport(file: File, onProgress: (fraction: number) => void): Promise<jobsApi.TJob> {
  return uploadFile<jobsApi.TJob>(studentsApi.uploadActiveStudentImport.path, file, onProgress);
}

/** The imports so far, newest first. */
export function useListActiveImports(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...activeImportsKey, 'list', query],
    queryFn: ({ signal }) => apiCall(studentsApi.listActiveStudentImports, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One import's counts. */
export function useGetActiveImport(importId: string) {
  return useQuery({
    queryKey: [...activeImportsKey, 'one', importId],
    queryFn: ({ signal }) => apiCall(studentsApi.getActiveStudentImport, { params: { importId }, signal }),
  });
}

/** A page of an import's rows, filtered on the server. */
export function useActiveImportRows(importId: string, query: studentsApi.TActiveImportRowsQuery) {
  return useQuery({
    queryKey: [...activeImportsKey, 'rows', importId, query],
    queryFn: ({ signal }) => apiCall(studentsApi.listActiveStudentImportRows, { params: { importId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Leaves rows out of the apply, or takes them in again. */
export function useExcludeRows(importId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: studentsApi.TActiveImportExclusionInput) =>
      apiCall(studentsApi.excludeActiveStudentImportRows, { params: { importId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: activeImportsKey }),
  });
}

/** Starts applying; the answer is the job the page follows (its result is a TActiveImportApplyOutput). */
export function useApplyActiveImport(importId: string) {
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => apiCall(studentsApi.applyActiveStudentImport, { params: { importId } }),
  });
}

export function useDiscardActiveImport(importId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => apiCall(studentsApi.discardActiveStudentImport, { params: { importId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: activeImportsKey }),
  });
}
