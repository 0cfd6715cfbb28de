import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** Approve many (each applied to its record in its own step, so up to 200 may take minutes); the answer says which succeeded and why others did not. */
export function useMassApprove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (requestIds: string[]) => apiCall(requestsApi.massApprove, { body: { requestIds }, timeoutMs: 300_000 }),
    // The confirmation shows a failure itself, once.
    meta: { errorHandling: 'local' },
    onSettled: () => void qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
