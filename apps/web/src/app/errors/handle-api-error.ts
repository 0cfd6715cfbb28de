import { MSG } from '@meridian/domain';
import { isApiError } from '../http/api-error';
import { NO_SESSION } from '../http/api-call';
import { currentHashPath, isOnLoginArea, navigateTo } from '../navigation';
import { snack, toast } from '../../ui/notify';
import { describeFailure } from './failure';

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
 * The global error behaviour, for calls no page shows a failure of itself: 401 ends the session, 403
 * shows the shell's unauthorized page, a refusal shows the server's message, and a dropped
 * connection, a timeout, 503 and other server errors the one message app/errors/failure.ts gives
 * them, in one toast.
 */
export function handleApiError(error: unknown): void {
  const failure = describeFailure(error);
  const path = currentHashPath();
  switch (failure.kind) {
    case 'aborted':
      return;
    case 'session':
      if (isOnLoginArea(path)) return;
      if (isApiError(error) && error.code === NO_SESSION) {
        // "Call without valid session" -> toast 'Invalid session data'. Late calls of a
        // page that is closing after logout are dropped quietly.
        toast(MSG.invalidSession);
        navigateTo(path.startsWith('/student') ? '/login/student' : '/login', { replace: true });
        return;
      }
      onSessionExpired?.();
      return;
    case 'forbidden':
      if (isOnLoginArea(path)) {
        snack(failure.message, 'error');
        return;
      }
      navigateTo(unauthorizedPathFor(path), { replace: true });
      return;
    case 'fields':
    case 'refused':
      snack(failure.message, 'error');
      return;
    default:
      toast(failure.message);
  }
}
