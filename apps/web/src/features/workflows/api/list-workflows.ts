import { useQuery } from '@tanstack/react-query';
import { workflowsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const workflowsKey = ['workflows'] as const;

export function useListWorkflows(enabled = true) {
  return useQuery({
    queryKey: [...workflowsKey, 'list'],
    queryFn: ({ signal }) => apiCall(workflowsApi.listWorkflows, { signal }),
    enabled,
  });
}
