import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { setSession } from '../../../app/session/session-store';
import { clearUserData } from '../../../app/query-client';

/**
 * fetchLoginAuth (docs/product/external-login.md#how-it-works): the campus proxy's AUTHN cookie goes with this
 * same-origin call (the browser sends it; the page never reads it) and is traded for a session, or the second step.
 */
export function fetchLoginAuth(signal?: AbortSignal) {
  return apiCall(authApi.externalLogin, { body: {}, anonymous: true, ...(signal ? { signal } : {}) });
}

/** fetchLoginAuth as a mutation; the session is stored on success. The page shows its own messages. */
export function useFetchLoginAuth() {
  return useMutation({
    mutationFn: () => fetchLoginAuth(),
    meta: { errorHandling: 'local' },
    onSuccess: ({ session }) => {
      if (session.type !== 'session') return;
      clearUserData();
      setSession(session);
    },
  });
}

const configKey = ['external-login-config'] as const;

/** The campus web sign-in settings (never the shared secret). */
export function useGetExternalLoginConfig() {
  return useQuery({ queryKey: configKey, queryFn: ({ signal }) => apiCall(authApi.getExternalLoginConfig, { signal }) });
}

/** Save the campus web sign-in settings. */
export function useSaveExternalLoginConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: authApi.TSaveExternalLoginConfigInput) => apiCall(authApi.saveExternalLoginConfig, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: (saved) => qc.setQueryData(configKey, saved),
  });
}
