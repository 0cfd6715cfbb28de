import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestKey } from './keys';

/** One request with the actions the caller may take. */
export function useGetRequest(requestId: string | undefined) {
  return useQuery({
    queryKey: requestKey(requestId ?? ''),
    queryFn: ({ signal }) => apiCall(requestsApi.getRequest, { params: { requestId: requestId! }, signal }),
    enabled: !!requestId,
  });
}
