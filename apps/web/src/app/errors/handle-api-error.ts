import { MSG } from '@meridian/domain';
import { isApiError } from '../http/api-error';
import { NO_SESSION, STEP_UP_REQUIRED } from '../http/api-call';
import { currentHashPath, isOnLoginArea, navigateTo } from '../navigation';
import { snack, toast } from '../../ui/notify';
import { describeFailure } from './failure';

/** The code of a 403 to a staff member who must set up two-step sign-in first, and where they set it up. */
export const TWO_STEP_SETUP_REQUIRED = 'TWO_STEP_SETUP_REQUIRED';
export const TWO_STEP_PAGE = '/admin/two-step-sign-in';

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
  // Office staff held to setting up two-step sign-in (docs/product/two-step-sign-in.md#required-for-office-staff)
  // are taken to its page, which says why; a step-up they cancelled says what it was for.
  if (isApiError(error) && error.code === TWO_STEP_SETUP_REQUIRED) {
    if (path !== TWO_STEP_PAGE) navigateTo(TWO_STEP_PAGE, { replace: true });
    return;
  }
  if (isApiError(error) && error.code === STEP_UP_REQUIRED) {
    snack(error.message, 'warning');
    return;
  }
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
