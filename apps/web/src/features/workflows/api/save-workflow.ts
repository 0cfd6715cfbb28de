import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflowsApi, type TWorkflowInput } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { workflowsKey } from './list-workflows';

/** Create (no id) or change a workflow. */
export function useSaveWorkflow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string | undefined; body: TWorkflowInput }) =>
      v.id
        ? apiCall(workflowsApi.updateWorkflow, { params: { workflowId: v.id }, body: v.body })
        : apiCall(workflowsApi.createWorkflow, { body: v.body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: workflowsKey }),
  });
}
