import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Request types the signed-in requester may start. */
export function useListStartableTypes() {
  return useQuery({
    queryKey: ['request-types', 'startable'],
    queryFn: ({ signal }) => apiCall(requestsApi.listStartableTypes, { signal }),
  });
}
