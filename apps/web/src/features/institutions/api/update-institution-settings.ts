import { useMutation, useQueryClient } from '@tanstack/react-query';
import { institutionsApi, type TUpdateInstitutionSettingsInput } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { brandingQueryKey } from '../../../app/branding';
import { institutionSettingsQueryKey } from './get-institution-settings';

/** Save settings; the branding query is refreshed so the new colours apply at once. */
export function useUpdateInstitutionSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateInstitutionSettingsInput) => apiCall(institutionsApi.updateInstitutionSettings, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: (saved) => {
      qc.setQueryData(institutionSettingsQueryKey, saved);
      void qc.invalidateQueries({ queryKey: brandingQueryKey });
      // The account name shown on dashboards comes with the current user.
      void qc.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}
