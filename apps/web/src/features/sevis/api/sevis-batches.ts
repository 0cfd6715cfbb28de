import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sevisApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { downloadFile } from '../../../app/http/download-file';

/** Everything the Batch Manager caches: creating or sending refreshes groups, events and batches. */
const batchesKey = ['sevis', 'batches'] as const;

export function useListPendingGroups(enabled = true) {
  return useQuery({
    queryKey: [...batchesKey, 'groups'],
    queryFn: ({ signal }) => apiCall(sevisApi.listPendingGroups, { signal }),
    enabled,
  });
}

export function useListPendingEvents(query: sevisApi.TListPendingEventsQuery, enabled = true) {
  return useQuery({
    queryKey: [...batchesKey, 'events', query],
    queryFn: ({ signal }) => apiCall(sevisApi.listPendingEvents, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useListBatches(query: sevisApi.TListBatchesQuery, enabled = true) {
  return useQuery({
    queryKey: [...batchesKey, 'list', query],
    queryFn: ({ signal }) => apiCall(sevisApi.listBatches, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useGetBatch(batchRowId: string | null) {
  return useQuery({
    queryKey: [...batchesKey, 'one', batchRowId],
    queryFn: ({ signal }) => apiCall(sevisApi.getBatch, { params: { batchRowId: batchRowId! }, signal }),
    enabled: !!batchRowId,
  });
}

export function useCreateBatches() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: sevisApi.TCreateBatchesInput) => apiCall(sevisApi.createBatches, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sevis'] }),
  });
}

export function useMarkBatchSent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (batchRowId: string) => apiCall(sevisApi.markBatchSent, { params: { batchRowId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sevis'] }),
  });
}

/** Saves the batch XML under its batch id. */
export function downloadBatchXml(batch: { id: string; batchId: string }): Promise<void> {
  return downloadFile(sevisApi.downloadBatchXml, { params: { batchRowId: batch.id } }, `${batch.batchId}.xml`);
}
