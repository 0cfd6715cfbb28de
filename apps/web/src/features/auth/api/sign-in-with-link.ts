import { useMutation } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { setSession } from '../../../app/session/session-store';
import { clearUserData } from '../../../app/query-client';

/** Sign in through an e-mailed sign-in link (single use); the session is stored on success (not the second step's challenge). */
export function useSignInWithLink() {
  return useMutation({
    mutationFn: (token: string) => apiCall(authApi.signInWithLink, { body: { token }, anonymous: true }),
    meta: { errorHandling: 'local' },
    onSuccess: (session) => {
      if (session.type !== 'session') return;
      clearUserData();
      setSession(session);
    },
  });
}
