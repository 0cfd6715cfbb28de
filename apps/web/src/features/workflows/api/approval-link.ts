import { useMutation } from '@tanstack/react-query';
import { workflowsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** What an approval link is about (explicit POST; changes nothing). */
export function useInspectApproval() {
  return useMutation({
    mutationFn: (token: string) => apiCall(workflowsApi.inspectApproval, { body: { token }, anonymous: true }),
    meta: { errorHandling: 'local' },
  });
}

/** Approve or reject through the link (single use). */
export function useDecideByToken() {
  return useMutation({
    mutationFn: (v: { token: string; decision: 'approve' | 'reject'; comment: string }) =>
      apiCall(workflowsApi.decideByToken, { body: v, anonymous: true }),
    meta: { errorHandling: 'local' },
  });
}
