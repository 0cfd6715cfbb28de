import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sevisApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { ApiError, NetworkError } from '../../../app/http/api-error';
import { getSession } from '../../../app/session/session-store';

export const resultsKey = ['sevis', 'results'] as const;

/** Uploads one file (multipart field "file") with a progress callback; answers the route's JSON. */
export function uploadSevisFile<T>(path: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const session = getSession();
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.accessToken}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body as ConstructorParameters<typeof ApiError>[1]));
    };
    xhr.send(form);
  });
}

/** Imports a transaction log (XML or SEVIS's zip). */
export function uploadTransactionLog(file: File, onProgress: (f: number) => void) {
  return uploadSevisFile<sevisApi.TTransLogImportOutput>(sevisApi.importTransactionLog.path, file, onProgress);
}

/** History of imported transaction logs. */
export function useTransactionLogs(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...resultsKey, 'logs', query],
    queryFn: ({ signal }) => apiCall(sevisApi.listTransactionLogs, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One imported log with its records' results. */
export function useTransactionLog(logId: string | null) {
  return useQuery({
    queryKey: [...resultsKey, 'log', logId],
    queryFn: ({ signal }) => apiCall(sevisApi.getTransactionLog, { params: { logId: logId! }, signal }),
    enabled: !!logId,
  });
}

/** System Errors: failed or held SEVIS updates on the records the caller reaches. */
export function useSystemErrors(query: { page: number; pageSize: number; q?: string; code?: string; sort: string; dir: string }) {
  return useQuery({
    queryKey: [...resultsKey, 'system-errors', query],
    queryFn: ({ signal }) => apiCall(sevisApi.listSystemErrors, { query: query as never, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Whether the SEVIS batch interface is configured (Send to SEVIS / Fetch results shown). */
export function useTransportStatus(enabled = true) {
  return useQuery({ queryKey: [...resultsKey, 'transport'], queryFn: ({ signal }) => apiCall(sevisApi.getTransportStatus, { signal }), enabled, staleTime: 60_000 });
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
