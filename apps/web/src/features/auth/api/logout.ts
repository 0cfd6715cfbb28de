import { useCallback } from 'react';
import { logout, type LogoutOptions } from '../../../app/session/session-actions';

/** Log out (revokes the session on the server, clears storage, replaces history with login). */
export function useLogout() {
  return useCallback((opts?: LogoutOptions) => logout(opts), []);
}
