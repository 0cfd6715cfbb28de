import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Faculty advisors a requester may name. */
export function useListAdvisors() {
  return useQuery({
    queryKey: ['requests', 'advisors'],
    queryFn: ({ signal }) => apiCall(requestsApi.listAdvisors, { signal }),
    staleTime: 10 * 60_000,
  });
}
