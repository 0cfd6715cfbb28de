import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** Assign, reassign or unassign (null) a request. */
export function useAssignRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, userId }: { requestId: string; userId: string | null }) =>
      apiCall(requestsApi.assignRequest, { params: { requestId }, body: { userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
