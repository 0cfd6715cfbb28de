import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestsApi, type TListRequestsQuery } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** One page of the staff request list (scoped, filtered, sorted and paged on the server). */
export function useListRequests(query: TListRequestsQuery, enabled = true) {
  return useQuery({
    queryKey: [...requestsKey, 'list', query],
    queryFn: ({ signal }) => apiCall(requestsApi.listRequests, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
