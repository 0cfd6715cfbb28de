import { createHashRouter, type RouteObject } from 'react-router';
import { Redirect } from '../ui/redirect';
import { RootLayout } from './root-layout';
import { registerNavigator } from './navigation';
import { LoginLayout } from '../shells/login/login-layout';
import { PlainLayout } from '../shells/common/plain-layout';
import { AdminShell } from '../shells/admin/admin-shell';
import { AdminDashboardPage } from '../shells/admin/admin-dashboard-page';
import { ScholarShell } from '../shells/scholar/scholar-shell';
import { StudentShell } from '../shells/student/student-shell';
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

const isLocalhost = ['localhost', '127.0.0.1'].includes(window.location.hostname);

// Each feature owns its routes (and the permission each page needs); the shells are put together here.
const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
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
        element: <AdminShell area="scholar" />,
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
        element: <AdminShell area="student" />,
        children: [
          { path: 'dashboard', element: <AdminDashboardPage area="student" /> },
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
        element: <ScholarShell />,
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
        element: <StudentShell />,
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
  const router = createHashRouter(mode === 'approval' ? [{ element: <PlainLayout />, children: approvalEntryRoutes }] : appRoutes);
  registerNavigator((to, opts) => void router.navigate(to, opts?.replace !== undefined ? { replace: opts.replace } : {}));
  return router;
}
