import { MSG } from '@meridian/domain';
import { isApiError } from '../http/api-error';
import { NO_SESSION } from '../http/api-call';
import { currentHashPath, isOnLoginArea, navigateTo } from '../navigation';
import { snack, toast } from '../../ui/notify';

/** The unauthorized page of the shell the user is in. */
function unauthorizedPathFor(path: string): string {
  const shell = path.split('/')[1];
  if (shell === 'admin' || shell === 'isss' || shell === 'scholar' || shell === 'student') return `/${shell}/unauthorized`;
  return '/admin/unauthorized';
}

/** Set by the session module to avoid an import cycle (logout imports the query client). */
let onSessionExpired: (() => void) | null = null;
export function setSessionExpiredHandler(fn: () => void): void {
  onSessionExpired = fn;
}

/**
 * The global error behaviour: 401 ends the session, 403 shows the shell's
 * unauthorized page, other 4xx show the server's message, the rest the default error.
 */
export function handleApiError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const path = currentHashPath();
  if (!isApiError(error)) {
    toast(MSG.defaultError);
    return;
  }
  if (error.code === NO_SESSION) {
    // "Call without valid session" -> toast 'Invalid session data'. Late calls of a
    // page that is closing after logout are dropped quietly.
    if (isOnLoginArea(path)) return;
    toast(MSG.invalidSession);
    navigateTo(path.startsWith('/student') ? '/login/student' : '/login', { replace: true });
    return;
  }
  if (error.status === 401) {
    if (isOnLoginArea(path)) return;
    onSessionExpired?.();
    return;
  }
  if (error.status === 403) {
    if (isOnLoginArea(path)) {
      snack(error.message, 'error');
      return;
    }
    navigateTo(unauthorizedPathFor(path), { replace: true });
    return;
  }
  if (error.status >= 400 && error.status < 500) {
    snack(error.message, 'error');
    return;
  }
  toast(MSG.defaultError);
}
