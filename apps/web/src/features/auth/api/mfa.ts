import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { setSession } from '../../../app/session/session-store';
import { clearUserData } from '../../../app/query-client';

/** The second step of signing in; the session is stored on success. */
export function useVerifyMfa() {
  return useMutation({
    mutationFn: (body: authApi.TVerifyMfaInput) => apiCall(authApi.verifyMfa, { body, anonymous: true }),
    meta: { errorHandling: 'local' },
    onSuccess: (session) => {
      clearUserData();
      setSession(session);
    },
  });
}

const mfaKey = ['mfa-status'] as const;

/** The signed-in person's two-step sign-in. */
export function useMfaStatus() {
  return useQuery({ queryKey: mfaKey, queryFn: ({ signal }) => apiCall(authApi.getMfaStatus, { signal }) });
}

/** A new secret for the authenticator app (pending until confirmed). */
export function useStartTotp() {
  return useMutation({ mutationFn: () => apiCall(authApi.startTotp, {}), meta: { errorHandling: 'local' } });
}

/** The app's first code turns two-step sign-in on; answers the recovery codes. */
export function useConfirmTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiCall(authApi.confirmTotp, { body: { code } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: mfaKey }),
  });
}

/** Turn two-step sign-in off with a current code. */
export function useDisableTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiCall(authApi.disableTotp, { body: { code } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: mfaKey }),
  });
}
