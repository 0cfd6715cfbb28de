import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** Cancel your own draft. */
export function useCancelRequest(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(requestsApi.cancelRequest, { params: { requestId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
