import { useMutation } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { setSession } from '../../../app/session/session-store';
import { clearUserData } from '../../../app/query-client';

/** Trade single sign-on's one-time code for a session; the session is stored on success. */
export function useExchangeSso() {
  return useMutation({
    mutationFn: (code: string) => apiCall(authApi.exchangeSso, { body: { code }, anonymous: true }),
    meta: { errorHandling: 'local' },
    onSuccess: ({ session }) => {
      if (session.type !== 'session') return;
      clearUserData();
      setSession(session);
    },
  });
}
