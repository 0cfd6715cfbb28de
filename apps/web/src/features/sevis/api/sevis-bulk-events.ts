import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sevisApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export type TBulkList = 'registration' | 'validation';
const LIST = { registration: sevisApi.listRegistrationCandidates, validation: sevisApi.listValidationCandidates } as const;
const QUEUE = { registration: sevisApi.queueRegistrationEvents, validation: sevisApi.queueValidationEvents } as const;

/** One page of SEVIS Registration / SEVIS Validation candidates. */
export function useBulkCandidates(list: TBulkList, query: sevisApi.TBulkCandidatesQuery, enabled = true) {
  return useQuery({
    queryKey: ['sevis', list, query],
    queryFn: ({ signal }) => apiCall(LIST[list], { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Queue Registration / Validate events for the chosen records (or all). */
export function useQueueBulkEvents(list: TBulkList) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: sevisApi.TRegistrationEventsInput) => apiCall(QUEUE[list], { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sevis'] }),
  });
}
