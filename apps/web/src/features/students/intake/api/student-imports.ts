import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
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
export function useGetStudentImport(importId: string, query: { page: number; pageSize: number; onlyErrors: '0' | '1' }) {
  return useQuery({
    queryKey: [...importsKey, 'one', importId, query],
    queryFn: ({ signal }) => apiCall(studentsApi.getStudentImport, { params: { importId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Uploads a CSV or XLSX file (XMLHttpRequest, for the progress bar); the server checks every row. */
export function uploadStudentImport(file: File, onProgress: (fraction: number) => void): Promise<TSummary> {
  return uploadFile<TSummary>(studentsApi.uploadStudentImport.path, file, onProgress);
}

/** Creates every student of an error-free preview (all or nothing). */
export function useCommitStudentImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => apiCall(studentsApi.commitStudentImport, { params: { importId } }),
    meta: { errorHandling: 'local' },
    onSettled: () => qc.invalidateQueries({ queryKey: importsKey }),
  });
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
