import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

const ssoConfigKey = ['sso-config'] as const;

/** The single sign-on settings (never the client secret). */
export function useGetSsoConfig() {
  return useQuery({ queryKey: ssoConfigKey, queryFn: ({ signal }) => apiCall(authApi.getSsoConfig, { signal }) });
}

/** Save the single sign-on settings; the server checks the provider answers first. */
export function useSaveSsoConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: authApi.TSaveSsoConfigInput) => apiCall(authApi.saveSsoConfig, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: (saved) => qc.setQueryData(ssoConfigKey, saved),
  });
}
