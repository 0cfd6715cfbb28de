import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { deptKeys } from './keys';

/** Departmental Configurations of the user's department. */
export function useGetDeptConfig(enabled = true) {
  return useQuery({ queryKey: deptKeys.config, queryFn: ({ signal }) => apiCall(scholarsApi.getDeptConfig, { signal }), enabled });
}

export function useUpdateDeptConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: scholarsApi.TDeptConfigInput) => apiCall(scholarsApi.updateDeptConfig, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: (c) => qc.setQueryData(deptKeys.config, c),
  });
}
