import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflowsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { groupsKey } from './list-user-groups';

export function useSaveUserGroup() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (v: { id?: string | undefined; name: string; memberIds: string[] }) =>
      v.id
        ? apiCall(workflowsApi.updateUserGroup, { params: { groupId: v.id }, body: { name: v.name, memberIds: v.memberIds } })
        : apiCall(workflowsApi.createUserGroup, { body: { name: v.name, memberIds: v.memberIds } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: groupsKey }),
  });
}
