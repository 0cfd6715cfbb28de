import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Redirect } from '../ui/redirect';
import { useSession } from './session/session-store';
import { useTokenRefresh } from './session/use-token-refresh';
import { InactivityDialog } from './session/inactivity-dialog';
import { useGetSetupStatus } from '../features/setup';
import { PageLoader } from '../ui/page-loader';

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

  if (setup.isPending) return <PageLoader minHeight="100vh" />;
  if (setup.data?.setupRequired && pathname !== WIZARD) return <Redirect to={WIZARD} />;

  return (
    <>
      <Outlet />
      {session ? <InactivityDialog key={session.userId} /> : null}
    </>
  );
}
