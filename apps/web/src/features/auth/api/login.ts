import { useMutation } from '@tanstack/react-query';
import { authApi, type TLoginInput } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { setSession } from '../../../app/session/session-store';
import { clearUserData } from '../../../app/query-client';

/** Sign in; the session is stored on success (or the second step is answered). The login page shows its own messages. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: TLoginInput) => apiCall(authApi.login, { body, anonymous: true }),
    meta: { errorHandling: 'local' },
    onSuccess: (answer) => {
      if (answer.type !== 'session') return;
      clearUserData();
      setSession(answer);
    },
  });
}
