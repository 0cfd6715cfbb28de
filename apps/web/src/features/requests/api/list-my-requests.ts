import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** The requester's own requests. */
export function useListMyRequests() {
  return useQuery({
    queryKey: [...requestsKey, 'mine'],
    queryFn: ({ signal }) => apiCall(requestsApi.listMyRequests, { signal }),
  });
}
