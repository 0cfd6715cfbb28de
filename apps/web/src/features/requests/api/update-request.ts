import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** Name the faculty advisor of a draft. */
export function useUpdateRequest(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (advisorUserId: string | null) => apiCall(requestsApi.updateRequest, { params: { requestId }, body: { advisorUserId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
