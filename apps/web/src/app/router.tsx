import type { ReactNode } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { Redirect } from '../ui/redirect';
import { PageLoader } from '../ui/page-loader';
import { RootLayout } from './root-layout';
import { registerNavigator } from './navigation';
import { LoginLayout } from '../shells/login/login-layout';
import { PlainLayout } from '../shells/common/plain-layout';
import {
  ForgotPasswordPage,
  LoginPage,
  NotFoundPage,
  PasswordLinkPage,
  RootRedirectPage,
  SignInLinkPage,
  UnauthorizedPage,
} from '../features/auth';
import { formsRoutes } from '../features/forms';
import { institutionsRoutes } from '../features/institutions';
import { peopleRoutes } from '../features/people';
import { requestsAdminRoutes, requestsIsssRoutes, requestsScholarRoutes, requestsStudentRoutes } from '../features/requests';
import { departmentRoutes, scholarOfficeRoutes, scholarPortalRoutes, scholarReportRoutes } from '../features/scholars';
import { setupRoutes } from '../features/setup';
import { sevisRoutes } from '../features/sevis';
import {
  intakeRoutes,
  listRoutes,
  myRecordRoutes,
  optRoutes,
  portalConfigurationRoutes,
  portalRoutes,
  recordsRoutes,
  studentRequestRoutes,
} from '../features/students';
import { approvalEntryRoutes, approvalRoutes, workflowsRoutes } from '../features/workflows';

/**
 * A route whose element (a shell, a page) is loaded on its first visit. The login pages and the plain
 * layout come with the app itself (most visits start at the login page); the shells and every office,
 * scholar and student page come when they are opened (docs/decisions/021-web-chunks-caching-and-compression.md).
 */
function lazyElement<M>(load: () => Promise<M>, render: (m: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

const adminShell = () => import('../shells/admin/admin-shell');
const adminDashboard = () => import('../shells/admin/admin-dashboard-page');
const scholarShell = () => import('../shells/scholar/scholar-shell');
const studentShell = () => import('../shells/student/student-shell');

const isLocalhost = ['localhost', '127.0.0.1'].includes(window.location.hostname);

// Each feature owns its routes (and the permission each page needs); the shells are put together here.
const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    // While the first page's code arrives.
    hydrateFallbackElement: <PageLoader minHeight="100vh" />,
    children: [
      {
        path: 'login',
        element: <LoginLayout />,
        children: [
          { index: true, element: <LoginPage portal="scholar" /> },
          { path: 'reset', element: <ForgotPasswordPage portal="scholar" /> },
          { path: 'pass-reset/:key?', element: <PasswordLinkPage portal="scholar" /> },
          { path: 'sign-in/:key?', element: <SignInLinkPage portal="scholar" /> },
          { path: 'student', element: <LoginPage portal="student" /> },
          { path: 'student/reset', element: <ForgotPasswordPage portal="student" /> },
          { path: 'student/pass-reset/:key?', element: <PasswordLinkPage portal="student" /> },
          { path: 'student/sign-in/:key?', element: <SignInLinkPage portal="student" /> },
        ],
      },
      { element: <LoginLayout wide />, children: setupRoutes },
      {
        path: 'admin',
        ...lazyElement(adminShell, (m) => <m.AdminShell area="scholar" />),
        children: [
          ...scholarReportRoutes,
          ...scholarOfficeRoutes,
          ...peopleRoutes,
          ...institutionsRoutes,
          ...formsRoutes,
          ...requestsAdminRoutes,
          ...workflowsRoutes,
          { path: 'unauthorized', element: <UnauthorizedPage homePath="/admin/dashboard" /> },
          // In the admin shell unknown and empty paths go to the dashboard.
          { index: true, element: <Redirect to="/admin/dashboard" /> },
          { path: '*', element: <Redirect to="/admin/dashboard" /> },
        ],
      },
      {
        path: 'isss',
        ...lazyElement(adminShell, (m) => <m.AdminShell area="student" />),
        children: [
          { path: 'dashboard', ...lazyElement(adminDashboard, (m) => <m.AdminDashboardPage area="student" />) },
          ...intakeRoutes,
          ...listRoutes,
          ...requestsIsssRoutes,
          ...optRoutes,
          ...portalConfigurationRoutes,
          ...recordsRoutes,
          ...sevisRoutes,
          { path: 'unauthorized', element: <UnauthorizedPage homePath="/isss/dashboard" /> },
          { index: true, element: <Redirect to="/isss/dashboard" /> },
          { path: '*', element: <Redirect to="/isss/dashboard" /> },
        ],
      },
      {
        path: 'scholar',
        ...lazyElement(scholarShell, (m) => <m.ScholarShell />),
        children: [
          // Bare /scholar: the root page knows each role's home.
          { index: true, element: <Redirect to="/" /> },
          ...departmentRoutes,
          ...scholarPortalRoutes,
          ...requestsScholarRoutes,
          { path: 'unauthorized', element: <UnauthorizedPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'student',
        ...lazyElement(studentShell, (m) => <m.StudentShell />),
        children: [
          { index: true, element: <Redirect to="/" /> },
          ...portalRoutes,
          ...studentRequestRoutes,
          ...myRecordRoutes,
          ...requestsStudentRoutes,
          { path: 'unauthorized', element: <UnauthorizedPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <PlainLayout />,
        children: [
          { index: true, element: <RootRedirectPage /> },
          ...(isLocalhost ? approvalRoutes : []),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Create the (single) hash router and let non-component code navigate with it. */
export function createAppRouter(mode: 'normal' | 'approval') {
  const router = createHashRouter(
    mode === 'approval'
      ? [{ element: <PlainLayout />, hydrateFallbackElement: <PageLoader minHeight="100vh" />, children: approvalEntryRoutes }]
      : appRoutes,
  );
  registerNavigator((to, opts) => void router.navigate(to, opts?.replace !== undefined ? { replace: opts.replace } : {}));
  return router;
}
