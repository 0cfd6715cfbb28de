import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Field configuration (docs/product/field-configuration.md): the office's settings, one hook per call. */
const ROOT = ['field-settings'] as const;

/** Every setting the office saved (Configuration › Field and Tag Configuration › Fields). */
export function useListFieldSettings() {
  return useQuery({ queryKey: [...ROOT, 'list'], queryFn: ({ signal }) => apiCall(formsApi.listFieldSettings, { signal }) });
}

/** What the settings mean for the signed-in user's role, per form (read by the forms that apply them). */
export function useMyFieldSettings() {
  return useQuery({
    queryKey: [...ROOT, 'mine'],
    queryFn: ({ signal }) => apiCall(formsApi.getMyFieldSettings, { signal }),
    staleTime: 60_000,
  });
}

export function useSaveFieldSetting() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ formKey, fieldName, body }: { formKey: string; fieldName: string; body: formsApi.TFieldSettingInput }) =>
      apiCall(formsApi.saveFieldSetting, { params: { formKey, fieldName }, body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useResetFieldSetting() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ formKey, fieldName }: { formKey: string; fieldName: string }) =>
      apiCall(formsApi.resetFieldSetting, { params: { formKey, fieldName } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ROOT }),
  });
}
