import { useQuery } from '@tanstack/react-query';
import { workflowsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export function useListApproverCandidates(enabled = true) {
  return useQuery({
    queryKey: ['workflows', 'candidates'],
    queryFn: ({ signal }) => apiCall(workflowsApi.listApproverCandidates, { signal }),
    enabled,
  });
}
