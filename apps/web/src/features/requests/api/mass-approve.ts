import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** Approve many; the answer says which succeeded and why others did not. */
export function useMassApprove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (requestIds: string[]) => apiCall(requestsApi.massApprove, { body: { requestIds } }),
    onSettled: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
