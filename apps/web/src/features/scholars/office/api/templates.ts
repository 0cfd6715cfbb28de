import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

const KEY = ['scholars', 'templates'] as const;

/** Templates per visa type, with the questionnaires and documents to choose from. */
export function useListScholarTemplates() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiCall(scholarsApi.listScholarTemplates, { signal }) });
}

export function useUpdateScholarTemplate() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ code, body }: { code: string; body: scholarsApi.TTemplateInput }) =>
      apiCall(scholarsApi.updateScholarTemplate, { params: { code }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
