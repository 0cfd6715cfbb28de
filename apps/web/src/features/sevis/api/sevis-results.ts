import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { sevisApi, type jobsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { uploadFile } from '../../../app/http/upload-file';

export const resultsKey = ['sevis', 'results'] as const;

/** The job kind that imports a transaction log on the server. */
export const IMPORT_TRANSACTION_LOG_JOB = sevisApi.IMPORT_TRANSACTION_LOG_JOB;

/** Uploads a transaction log (XML or SEVIS's zip); the answer is the job that imports it (its result is a TTransLogImportOutput). */
export function uploadTransactionLog(file: File, onProgress: (f: number) => void) {
  return uploadFile<jobsApi.TJob>(sevisApi.importTransactionLog.path, file, onProgress);
}

/** History of imported transaction logs. */
export function useListTransactionLogs(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...resultsKey, 'logs', query],
    queryFn: ({ signal }) => apiCall(sevisApi.listTransactionLogs, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One imported log with its records' results. */
export function useGetTransactionLog(logId: string | null) {
  return useQuery({
    queryKey: [...resultsKey, 'log', logId],
    queryFn: ({ signal }) => apiCall(sevisApi.getTransactionLog, { params: { logId: logId! }, signal }),
    enabled: !!logId,
  });
}

/** System Errors: failed or held SEVIS updates on the records the caller reaches. */
export function useListSystemErrors(query: z.input<typeof sevisApi.ZSystemErrorsQuery>) {
  return useQuery({
    queryKey: [...resultsKey, 'system-errors', query],
    queryFn: ({ signal }) => apiCall(sevisApi.listSystemErrors, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Whether the SEVIS batch interface is configured (Send to SEVIS / Fetch results shown). */
export function useGetTransportStatus(enabled = true) {
  return useQuery({
    queryKey: [...resultsKey, 'transport'],
    queryFn: ({ signal }) => apiCall(sevisApi.getTransportStatus, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useSendBatchToSevis() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (batchRowId: string) => apiCall(sevisApi.sendBatchToSevis, { params: { batchRowId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sevis'] }),
  });
}

export function useFetchBatchResults() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (batchRowId: string) => apiCall(sevisApi.fetchBatchResults, { params: { batchRowId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sevis'] }),
  });
}
