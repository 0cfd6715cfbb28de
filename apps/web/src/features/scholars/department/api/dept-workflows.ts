import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { deptKeys } from './keys';

/** The department's own approval workflows. */
export function useListDeptWorkflows(enabled = true) {
  return useQuery({ queryKey: deptKeys.workflows, queryFn: ({ signal }) => apiCall(scholarsApi.listDeptWorkflows, { signal }), enabled });
}

/** People and groups a department admin may name as approvers. */
export function useListDeptApproverCandidates(enabled = true) {
  return useQuery({
    queryKey: deptKeys.candidates,
    queryFn: ({ signal }) => apiCall(scholarsApi.listDeptApproverCandidates, { signal }),
    enabled,
  });
}

/** Create (no id) or change a department workflow. */
export function useSaveDeptWorkflow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string | undefined; body: scholarsApi.TDeptWorkflowInput }) =>
      v.id
        ? apiCall(scholarsApi.updateDeptWorkflow, { params: { workflowId: v.id }, body: v.body })
        : apiCall(scholarsApi.createDeptWorkflow, { body: v.body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: deptKeys.workflows });
      void qc.invalidateQueries({ queryKey: deptKeys.config });
    },
  });
}
