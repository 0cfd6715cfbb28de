import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi, type TRequestAction } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** A staff action (start review, clarification, approver review, approve, ...). */
export function useTransitionRequest(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: TRequestAction; message?: string }) =>
      apiCall(requestsApi.transitionRequest, { params: { requestId }, body: { action: v.action, message: v.message ?? '' } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
