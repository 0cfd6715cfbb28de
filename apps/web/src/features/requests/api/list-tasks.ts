import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const tasksKey = (requestId: string) => ['requests', 'tasks', requestId] as const;

export function useListTasks(requestId: string, enabled = true) {
  return useQuery({
    queryKey: tasksKey(requestId),
    queryFn: ({ signal }) => apiCall(requestsApi.listTasks, { params: { requestId }, signal }),
    enabled,
  });
}
