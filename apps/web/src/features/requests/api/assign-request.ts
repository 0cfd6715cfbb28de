import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** Assign, reassign or unassign (null). */
export function useAssignRequest(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string | null) => apiCall(requestsApi.assignRequest, { params: { requestId }, body: { userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
