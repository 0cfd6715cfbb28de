import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Staff who reach the request's campus site. */
export function useListAssignees(requestId: string, enabled = true) {
  return useQuery({
    queryKey: ['requests', 'assignees', requestId],
    queryFn: ({ signal }) => apiCall(requestsApi.listAssignees, { params: { requestId }, signal }),
    enabled,
  });
}
