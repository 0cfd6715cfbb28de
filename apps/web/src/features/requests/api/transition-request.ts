import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi, type TRequestAction } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** A staff action (start review, clarification, approver review, approve, ...), with its comment and an override's reason. */
export function useTransitionRequest(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: TRequestAction; message?: string; overrideReason?: string }) =>
      apiCall(requestsApi.transitionRequest, {
        params: { requestId },
        body: { action: v.action, message: v.message ?? '', ...(v.overrideReason ? { overrideReason: v.overrideReason } : {}) },
      }),
    meta: { errorHandling: 'local' },
    // Done when the server answered; the page's request and lists reload after, without holding the dialog.
    onSuccess: () => void qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
