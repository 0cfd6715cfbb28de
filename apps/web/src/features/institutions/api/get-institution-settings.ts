import { useQuery } from '@tanstack/react-query';
import { institutionsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const institutionSettingsQueryKey = ['institution-settings'] as const;

/** All settings of the institution (Site Settings page). */
export function useGetInstitutionSettings() {
  return useQuery({
    queryKey: institutionSettingsQueryKey,
    queryFn: ({ signal }) => apiCall(institutionsApi.getInstitutionSettings, { signal }),
  });
}
