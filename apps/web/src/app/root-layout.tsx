import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Redirect } from '../ui/redirect';
import { useSession } from './session/session-store';
import { useTokenRefresh } from './session/use-token-refresh';
import { useGetSetupStatus } from '../features/setup';
import { FirstPageLoader } from './shell-preview';
import './session/step-up';

// Drawn with MUI, and only for a signed-in user: loaded then, not with the login page.
const InactivityDialog = lazy(async () => ({ default: (await import('./session/inactivity-dialog')).InactivityDialog }));
// "Confirm it's you" before exports and permission changes (docs/product/two-step-sign-in.md#confirm-its-you).
const StepUpDialog = lazy(async () => ({ default: (await import('./session/step-up-dialog')).StepUpDialog }));

const WIZARD = '/configuration-setup-wizard';

/** Move focus to the main region after in-app navigation, so screen readers start at the new page. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main-content');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Everything under the router: setup redirect, session upkeep, inactivity dialog. */
export function RootLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const setup = useGetSetupStatus();
  useTokenRefresh(!!session);
  useFocusMainOnNavigation();
  // When the answer arrives after the page's code, the whole page is drawn in a background render
  // (in slices, between which the browser may paint and take input), not in one long task.
  const setupPending = useDeferredValue(setup.isPending);

  if (setupPending) return <FirstPageLoader />;
  if (setup.data?.setupRequired && pathname !== WIZARD) return <Redirect to={WIZARD} />;

  return (
    <>
      <Outlet />
      {session ? (
        <Suspense fallback={null}>
          <InactivityDialog key={session.userId} />
          <StepUpDialog key={`step-up-${session.userId}`} />
        </Suspense>
      ) : null}
    </>
  );
}
