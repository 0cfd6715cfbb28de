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

/** Register a passkey: the server's options, the browser's authenticator, then the server's check. */
export function useAddPasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await apiCall(authApi.passkeyRegistrationOptions, {});
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as never });
      return apiCall(authApi.addPasskey, { body: { name, response: response as unknown as authApi.TVerifyMfaPasskeyResponse } });
    },
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: mfaKey }),
  });
}

/** Remove one of one's passkeys. */
export function useRemovePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => apiCall(authApi.removePasskey, { params: { passkeyId } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: mfaKey }),
  });
}

/** The second step with a passkey: options for this step, the authenticator, then the sign-in; the session is stored. */
export function useVerifyWithPasskey() {
  return useMutation({
    mutationFn: async (challenge: string) => {
      const options = await apiCall(authApi.passkeySignInOptions, { body: { challenge }, anonymous: true });
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options });
      return apiCall(authApi.verifyMfa, {
        body: { method: 'passkey', challenge, response: response as unknown as authApi.TVerifyMfaPasskeyResponse },
        anonymous: true,
      });
    },
    meta: { errorHandling: 'local' },
    onSuccess: (session) => {
      clearUserData();
      setSession(session);
    },
  });
}

const policyKey = ['two-step-policy'] as const;

/** The office's policy: whether staff must use two-step sign-in (docs/product/two-step-sign-in.md#required-for-office-staff). */
export function useTwoStepPolicy(enabled: boolean) {
  return useQuery({ queryKey: policyKey, queryFn: ({ signal }) => apiCall(authApi.getTwoStepPolicy, { signal }), enabled });
}

/** Require (or stop requiring) two-step sign-in of office staff; asks to confirm it's you when the last second step is old. */
export function useUpdateTwoStepPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (staffRequired: boolean) => apiCall(authApi.updateTwoStepPolicy, { body: { staffRequired } }),
    meta: { errorHandling: 'local' },
    onSuccess: (policy) => {
      qc.setQueryData(policyKey, policy);
      return qc.invalidateQueries({ queryKey: mfaKey });
    },
  });
}
