import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflowsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { groupsKey } from './list-user-groups';
import { workflowsKey } from './list-workflows';

/** Delete a workflow (refused with a reason while a request type or an approval uses it). */
export function useDeleteWorkflow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (workflowId: string) => apiCall(workflowsApi.deleteWorkflow, { params: { workflowId } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: workflowsKey }),
  });
}

/** Delete a user group (refused while a workflow step names it). */
export function useDeleteUserGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => apiCall(workflowsApi.deleteUserGroup, { params: { groupId } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: groupsKey }),
  });
}
