import { useQuery } from '@tanstack/react-query';
import { workflowsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const groupsKey = ['user-groups'] as const;

export function useListUserGroups(enabled = true) {
  return useQuery({ queryKey: groupsKey, queryFn: ({ signal }) => apiCall(workflowsApi.listUserGroups, { signal }), enabled });
}
