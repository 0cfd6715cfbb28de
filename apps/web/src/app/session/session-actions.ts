import { authApi, type TSession } from '@meridian/domain';
import { apiCall, setUnauthorizedRecovery } from '../http/api-call';
import { isApiError } from '../http/api-error';
import { navigateTo } from '../navigation';
import { clearUserData } from '../query-client';
import { clearSession, getSession, loginPathFor, markSignedOut, setSession } from './session-store';
import { setSessionExpiredHandler } from '../errors/handle-api-error';
import { snack, toast } from '../../ui/notify';
import { MSG } from '@meridian/domain';

let inflight: Promise<TSession | null> | null = null;

/**
 * Rotate the refresh token once, however many callers ask at the same moment (the server
 * invalidates the old token, so two parallel refreshes would log the user out).
 * Resolves null when the server refused (the session is over); rejects on network trouble.
 */
export function refreshSessionOnce(): Promise<TSession | null> {
  if (inflight) return inflight;
  const session = getSession();
  if (!session) return Promise.resolve(null);
  inflight = apiCall(authApi.refreshSession, { body: { refreshToken: session.refreshToken }, anonymous: true })
    .then((next) => {
      // The user may have logged out while we waited.
      if (!getSession()) return null;
      setSession(next);
      return next;
    })
    .catch((e: unknown) => {
      if (isApiError(e)) return null;
      throw e;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

setUnauthorizedRecovery(async () => {
  try {
    return (await refreshSessionOnce()) !== null;
  } catch {
    return false;
  }
});

export interface LogoutOptions {
  /** Tell the server to revoke the refresh tokens (skip when the token is already dead). */
  callServer?: boolean;
  /** Message shown after logging out. */
  notice?: 'expired-toast' | 'expired-snackbar';
  /** Where to go instead of the login page (e.g. the institution's remote logout address). */
  redirectTo?: string;
  /** End the session but stay on the page (it shows a message and leaves by itself). */
  stay?: boolean;
}

/** Log out: revoke on the server, clear storage and caches, go to login replacing history. */
export async function logout(opts: LogoutOptions = {}): Promise<void> {
  const session = getSession();
  const role = session?.userRole;
  let singleLogoutUrl: string | undefined;
  if (session && opts.callServer !== false) {
    try {
      singleLogoutUrl = (await apiCall(authApi.logout, {})).singleLogoutUrl;
    } catch {
      // Logging out must always succeed locally.
    }
  }
  // Chosen sign-out lands on the security-logout page; the page's guard, seeing the session gone, goes there too.
  const signedOut = role === 'ISSSstudent' ? '/security-logout?portal=student' : '/security-logout';
  const inPortal = !opts.redirectTo || !/^https?:\/\//i.test(opts.redirectTo);
  markSignedOut(opts.notice || opts.stay || !inPortal ? null : (opts.redirectTo ?? signedOut));
  clearSession();
  clearUserData();
  if (opts.notice === 'expired-toast') toast(MSG.sessionExpiredToast, 'warning');
  if (opts.notice === 'expired-snackbar') snack(MSG.sessionExpiredSnackbar, 'warning');
  if (opts.stay) return;
  // A session from SAML single sign-on ends at the campus identity provider too, which sends the browser back.
  if (singleLogoutUrl && /^https?:\/\//i.test(singleLogoutUrl) && !opts.notice) {
    window.location.assign(singleLogoutUrl);
    return;
  }
  if (opts.redirectTo && /^https?:\/\//i.test(opts.redirectTo)) {
    window.location.assign(opts.redirectTo);
    return;
  }
  // An ended session goes back to its login page with the notice.
  navigateTo(opts.redirectTo ?? (opts.notice ? loginPathFor(role) : signedOut), { replace: true });
}

// A 401 that a refresh could not cure: the session is over.
setSessionExpiredHandler(() => {
  void logout({ callServer: false, notice: 'expired-snackbar' });
});
