import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sevisApi, type jobsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { uploadFile } from '../../../app/http/upload-file';

export const rtiKey = ['sevis', 'rti'] as const;

/** The job kinds that read an RTI list and apply its comparison on the server. */
export const UPLOAD_RTI_IMPORT_JOB = sevisApi.UPLOAD_RTI_IMPORT_JOB;
export const APPLY_RTI_IMPORT_JOB = sevisApi.APPLY_RTI_IMPORT_JOB;

/** Uploads an RTI list; the answer is the job that compares it (its result is a TRtiImportSummary). */
export function uploadRtiList(file: File, onProgress: (f: number) => void) {
  return uploadFile<jobsApi.TJob>(sevisApi.uploadRtiImport.path, file, onProgress);
}

/** History of RTI imports. */
export function useListRtiImports(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...rtiKey, 'list', query],
    queryFn: ({ signal }) => apiCall(sevisApi.listRtiImports, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One import: its rows side by side with our records. */
export function useGetRtiImport(importId: string, query: { page: number; pageSize: number; state: string }) {
  return useQuery({
    queryKey: [...rtiKey, 'one', importId, query],
    queryFn: ({ signal }) => apiCall(sevisApi.getRtiImport, { params: { importId }, query: query as never, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Starts applying an import; the answer is the job the page follows (its result is a TRtiApplyOutput). */
export function useApplyRtiImport(importId: string) {
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: sevisApi.TRtiApplyInput) => apiCall(sevisApi.applyRtiImport, { params: { importId }, body }),
  });
}

export function useDiscardRtiImport(importId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => apiCall(sevisApi.discardRtiImport, { params: { importId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rtiKey }),
  });
}
