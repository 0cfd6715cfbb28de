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

/** The job kind that builds batches on the server. */
export const CREATE_BATCHES_JOB = sevisApi.CREATE_BATCHES_JOB;

/** Starts building batches; the answer is the job the page follows (its result is a TCreateBatchesOutput). */
export function useCreateBatches() {
  return useMutation({
    mutationFn: (body: sevisApi.TCreateBatchesInput) => apiCall(sevisApi.createBatches, { body }),
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

/** "Send again": a failed or held-back update is pending for the next batch. Refreshes every SEVIS list and the student's updates. */
export function useRequeueSevisEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => apiCall(sevisApi.requeueSevisEvent, { params: { eventId } }),
    // The caller says a failure once (SevisEventActions).
    meta: { errorHandling: 'local' },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['sevis'] }), qc.invalidateQueries({ queryKey: ['students'] })]),
  });
}

/** "Cancel update" with the office's reason. */
export function useCancelSevisEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { eventId: string; reason: string }) =>
      apiCall(sevisApi.cancelSevisEvent, { params: { eventId: v.eventId }, body: { reason: v.reason } }),
    meta: { errorHandling: 'local' },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['sevis'] }), qc.invalidateQueries({ queryKey: ['students'] })]),
  });
}

/** The job kind that rebuilds a refused batch on the server. */
export const REBUILD_BATCH_JOB = sevisApi.REBUILD_BATCH_JOB;

/** "Rebuild batch": a batch SEVIS refused whole goes again under a new batch id; the answer is the job (its result is a TRebuildBatchOutput). */
export function useRebuildBatch() {
  return useMutation({
    mutationFn: (batchRowId: string) => apiCall(sevisApi.rebuildBatch, { params: { batchRowId } }),
    meta: { errorHandling: 'local' },
  });
}
