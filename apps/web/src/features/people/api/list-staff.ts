import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleApi, type TListStaffQuery } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const staffQueryKey = ['staff'] as const;

/** One page of staff, paged, sorted and filtered on the server. */
export function useListStaff(query: TListStaffQuery, enabled = true) {
  return useQuery({
    queryKey: [...staffQueryKey, 'list', query],
    queryFn: ({ signal }) => apiCall(peopleApi.listStaff, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
