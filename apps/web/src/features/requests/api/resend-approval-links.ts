import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** E-mail fresh links to the pending approvers (an earlier link expired or was lost). */
export function useResendApprovalLinks(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(requestsApi.resendApprovalLinks, { params: { requestId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
