import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { Redirect } from '../ui/redirect';
import { AppLoader } from '../ui/app-loader';
import { RootLayout } from './root-layout';
import { registerNavigator } from './navigation';
import { useSession } from './session/session-store';
import { LoginLayout } from '../shells/login/login-layout';
import { externalLoginRoute, globalLoginRoute, LoginPage, loginHelpRoutes, notFoundRoute, securityLogoutRoute } from '../features/auth';
import { setupRoutes } from '../features/setup';
import { approvalEntryRoutes, approvalRoutes } from '../features/workflows';
import { SHELL_HOMES } from './shell-homes';
import { FirstPageLoader } from './shell-preview';
import { afterFirstPaint } from './first-paint';

/*
 * What the first page downloads (docs/decisions/023-web-chunks-caching-and-compression.md): the login
 * page and this skeleton come with the app, drawn without MUI. Everything drawn with MUI sits under
 * the MUI frame, loaded on first use; each shell's page table is patched in when a shell is first
 * opened, and every page is loaded when it is opened.
 */

/** A route whose element (a layout, a shell, a page) is loaded on its first visit. */
function lazyElement<M>(load: () => Promise<M>, render: (m: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

const muiFrame = () => import('./mui-frame');
const withMui = lazyElement(muiFrame, (m) => <m.MuiFrame />);
const plainLayout = lazyElement(
  () => import('../shells/common/plain-layout'),
  (m) => <m.PlainLayout />,
);

const HomePage = lazy(async () => ({ default: (await import('./home-page')).HomePage }));

/** #/ : the login page for a visitor (nothing else to download), else on to the user's home page. */
function HomeOrLogin() {
  const session = useSession();
  if (!session) return <Redirect to="/login" />;
  return (
    <Suspense fallback={<AppLoader />}>
      <HomePage />
    </Suspense>
  );
}

type TShell = 'admin' | 'isss' | 'scholar' | 'student';
const SHELLS: TShell[] = ['admin', 'isss', 'scholar', 'student'];

const adminShell = () => import('../shells/admin/admin-shell');
const SHELL_CODE = {
  admin: adminShell,
  isss: adminShell,
  scholar: () => import('../shells/scholar/scholar-shell'),
  student: () => import('../shells/student/student-shell'),
} satisfies Record<TShell, () => Promise<unknown>>;

const isLocalhost = ['localhost', '127.0.0.1'].includes(window.location.hostname);

const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    // While the first page's code arrives: a staff shell's home previewed, else the loader.
    hydrateFallbackElement: <FirstPageLoader />,
    children: [
      { index: true, element: <HomeOrLogin /> },
      {
        path: 'login',
        element: <LoginLayout />,
        children: [
          { index: true, element: <LoginPage portal="scholar" /> },
          { path: 'student', element: <LoginPage portal="student" /> },
          { ...withMui, children: [...loginHelpRoutes('scholar'), ...loginHelpRoutes('student')] },
        ],
      },
      { element: <LoginLayout wide />, children: [{ ...withMui, children: setupRoutes }] },
      { element: <LoginLayout />, children: [{ ...withMui, children: [globalLoginRoute, externalLoginRoute, securityLogoutRoute] }] },
      {
        ...withMui,
        children: [
          // The pages of each shell arrive with the shell (patchShellPages below).
          { id: 'admin', path: 'admin', ...lazyElement(SHELL_CODE.admin, (m) => <m.AdminShell area="scholar" />) },
          { id: 'isss', path: 'isss', ...lazyElement(SHELL_CODE.isss, (m) => <m.AdminShell area="student" />) },
          { id: 'scholar', path: 'scholar', ...lazyElement(SHELL_CODE.scholar, (m) => <m.ScholarShell />) },
          { id: 'student', path: 'student', ...lazyElement(SHELL_CODE.student, (m) => <m.StudentShell />) },
          { ...plainLayout, children: [...(isLocalhost ? approvalRoutes : []), notFoundRoute] },
        ],
      },
    ],
  },
];

const patched = new Set<TShell>();

/**
 * Adds a shell's pages the first time an address in it is opened. React Router asks on every address it
 * cannot match exactly (and on those it matches only through a catch-all), so this answers at once
 * for a shell already there.
 */
async function patchShellPages({
  path,
  patch,
  signal,
}: {
  path: string;
  patch: (routeId: string, children: RouteObject[]) => void;
  signal: AbortSignal;
}): Promise<void> {
  const shell = SHELLS.find((s) => path === `/${s}` || path.startsWith(`/${s}/`));
  if (!shell || patched.has(shell)) return;
  // On the first page, its first screen is painted before more code is asked for (app/first-paint.ts).
  await afterFirstPaint();
  if (signal.aborted || patched.has(shell)) return;
  // The shell's own code, the MUI frame and, on a staff shell's home page, that page are needed as soon
  // as the table is: ask for them now, not once the table has arrived (one round of downloads, not
  // two). Their routes load them again from the browser's module map; a failure shows there.
  const ignore = () => {};
  void muiFrame().catch(ignore);
  void SHELL_CODE[shell]().catch(ignore);
  const home = shell === 'admin' || shell === 'isss' ? SHELL_HOMES[shell] : null;
  if (home && path === home.path) void home.load().catch(ignore);
  const { SHELL_PAGES } = await import('./shell-routes');
  if (signal.aborted || patched.has(shell)) return;
  patch(shell, SHELL_PAGES[shell]);
  patched.add(shell);
}

/** Create the (single) hash router and let non-component code navigate with it. */
export function createAppRouter(mode: 'normal' | 'approval') {
  const router =
    mode === 'approval'
      ? createHashRouter([
          { ...withMui, hydrateFallbackElement: <AppLoader />, children: [{ ...plainLayout, children: approvalEntryRoutes }] },
        ])
      : createHashRouter(appRoutes, { patchRoutesOnNavigation: patchShellPages });
  registerNavigator((to, opts) => void router.navigate(to, opts?.replace !== undefined ? { replace: opts.replace } : {}));
  return router;
}
