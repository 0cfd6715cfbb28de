import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

const KEY = ['scholars', 'account-settings'] as const;

export function useGetScholarAccountSettings() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiCall(scholarsApi.getScholarAccountSettings, { signal }) });
}

export function useUpdateScholarAccountSettings() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: scholarsApi.TAccountSettingsInput) => apiCall(scholarsApi.updateScholarAccountSettings, { body }),
    onSuccess: (data) => qc.setQueryData(KEY, data),
  });
}
