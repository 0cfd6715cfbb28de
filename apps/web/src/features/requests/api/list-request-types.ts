import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestTypesKey } from './keys';

/** Request Configuration: every type of the institution. */
export function useListRequestTypes(enabled = true) {
  return useQuery({
    queryKey: [...requestTypesKey, 'all'],
    queryFn: ({ signal }) => apiCall(requestsApi.listRequestTypes, { query: { enabled: 'all' }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
