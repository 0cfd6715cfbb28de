import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workflowsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export function useListMyApprovals(enabled = true) {
  return useQuery({ queryKey: ['approvals', 'mine'], queryFn: ({ signal }) => apiCall(workflowsApi.listMyApprovals, { signal }), enabled });
}

export function useDecideApproval() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { approvalId: string; decision: 'approve' | 'reject'; comment: string }) =>
      apiCall(workflowsApi.decideApproval, { params: { approvalId: v.approvalId }, body: { decision: v.decision, comment: v.comment } }),
    meta: { errorHandling: 'local' },
    onSettled: () => qc.invalidateQueries({ queryKey: ['approvals'] }),
  });
}
