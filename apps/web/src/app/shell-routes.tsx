import type { RouteObject } from 'react-router';
import { Redirect } from '../ui/redirect';
import { RequirePermission } from '../shells/guards/require-permission';
import {
  campusWebSignInRoute,
  integrationSettingsRoute,
  notFoundRoute,
  singleSignOnRoute,
  twoStepSignInRoute,
  UnauthorizedPage,
} from '../features/auth';
import { logsAdminRoutes, logsIsssRoutes } from '../features/audit';
import { sitePagesIsssRoutes, sitePagesScholarRoutes, sitePagesStudentRoutes } from '../features/content';
import { formsRoutes } from '../features/forms';
import { institutionsRoutes } from '../features/institutions';
import { automatedEmailRoutes, emailTemplateRoutes, massEmailRoutes, sentMailRoutes } from '../features/messages';
import { letterRoutes } from '../features/letters';
import { lookupsAdminRoutes, lookupsIsssRoutes } from '../features/lookups';
import { campusSitesRoutes, peopleRoutes } from '../features/people';
import { requestsAdminRoutes, requestsIsssRoutes, requestsScholarRoutes, requestsStudentRoutes } from '../features/requests';
import {
  departmentRoutes,
  scholarHrUpdateRoutes,
  scholarOfficeRoutes,
  scholarPortalRoutes,
  scholarReportRoutes,
  scholarRequestRoutes,
} from '../features/scholars';
import { sevisRoutes } from '../features/sevis';
import {
  activeImportRoutes,
  intakeRoutes,
  listRoutes,
  myRecordRoutes,
  optRoutes,
  portalConfigurationRoutes,
  portalRoutes,
  officeRequestRoutes,
  recordsRoutes,
  studentRequestRoutes,
} from '../features/students';
import { workflowsRoutes } from '../features/workflows';
import { workRoutes } from '../features/work';
import { identityLinkRoutes } from '../features/identity-links';
import { SHELL_HOMES } from './shell-homes';

/**
 * The pages of each shell, by the shell's route id. Each feature owns its routes (and the permission
 * each page needs); the shells are put together here. This table (and the guards it uses) loads with
 * the first shell page opened, not with the login page (app/router.tsx patches it in).
 */
export const SHELL_PAGES: Record<'admin' | 'isss' | 'scholar' | 'student', RouteObject[]> = {
  admin: [
    ...scholarReportRoutes,
    ...scholarOfficeRoutes,
    ...scholarHrUpdateRoutes,
    ...peopleRoutes,
    ...institutionsRoutes,
    ...formsRoutes,
    ...requestsAdminRoutes,
    ...workflowsRoutes,
    ...emailTemplateRoutes,
    ...logsAdminRoutes,
    ...lookupsAdminRoutes,
    {
      element: <RequirePermission permission="auth.integration-tokens.manage" homePath="/admin/dashboard" />,
      children: [integrationSettingsRoute],
    },
    {
      element: <RequirePermission permission="institutions.settings.update" homePath="/admin/dashboard" />,
      children: [singleSignOnRoute, campusWebSignInRoute],
    },
    twoStepSignInRoute,
    { path: 'unauthorized', element: <UnauthorizedPage homePath="/admin/dashboard" /> },
    // In the admin shell unknown and empty paths go to the dashboard.
    { index: true, element: <Redirect to="/admin/dashboard" /> },
    { path: '*', element: <Redirect to="/admin/dashboard" /> },
  ],
  isss: [
    ...workRoutes,
    {
      path: 'dashboard',
      lazy: async () => {
        const { AdminDashboardPage } = await import('../shells/admin/admin-dashboard-page');
        return { element: <AdminDashboardPage area="student" /> };
      },
    },
    ...intakeRoutes,
    ...activeImportRoutes,
    ...listRoutes,
    ...requestsIsssRoutes,
    ...optRoutes,
    ...portalConfigurationRoutes,
    ...recordsRoutes,
    ...officeRequestRoutes,
    ...sevisRoutes,
    ...sentMailRoutes,
    ...identityLinkRoutes,
    ...massEmailRoutes,
    ...automatedEmailRoutes,
    ...letterRoutes,
    ...logsIsssRoutes,
    ...sitePagesIsssRoutes,
    ...campusSitesRoutes,
    ...lookupsIsssRoutes,
    // The student area's home is My work: the bare address and unknown paths go there.
    { path: 'unauthorized', element: <UnauthorizedPage homePath={SHELL_HOMES.isss.path} /> },
    { index: true, element: <Redirect to={SHELL_HOMES.isss.path} /> },
    { path: '*', element: <Redirect to={SHELL_HOMES.isss.path} /> },
  ],
  scholar: [
    // Bare /scholar: the root page knows each role's home.
    { index: true, element: <Redirect to="/" /> },
    ...departmentRoutes,
    ...scholarPortalRoutes,
    // Before the requests feature's own request-edit page: a scholar request with a form opens on its own.
    ...scholarRequestRoutes,
    ...requestsScholarRoutes,
    ...sitePagesScholarRoutes,
    { path: 'unauthorized', element: <UnauthorizedPage /> },
    notFoundRoute,
  ],
  student: [
    { index: true, element: <Redirect to="/" /> },
    ...portalRoutes,
    ...studentRequestRoutes,
    ...myRecordRoutes,
    ...requestsStudentRoutes,
    ...sitePagesStudentRoutes,
    { path: 'unauthorized', element: <UnauthorizedPage /> },
    notFoundRoute,
  ],
};
