import { createHashRouter, type RouteObject } from 'react-router';
import { Redirect } from '../ui/redirect';
import { RootLayout } from './root-layout';
import { registerNavigator } from './navigation';
import { LoginLayout } from '../shells/login/login-layout';
import { PlainLayout } from '../shells/common/plain-layout';
import { AdminShell } from '../shells/admin/admin-shell';
import { ScholarShell } from '../shells/scholar/scholar-shell';
import { StudentShell } from '../shells/student/student-shell';
import { LoginPage } from '../features/auth/pages/login-page';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { PasswordLinkPage } from '../features/auth/pages/password-link-page';
import { RootRedirectPage } from '../features/auth/pages/root-redirect-page';
import { NotFoundPage } from '../features/auth/pages/not-found-page';
import { UnauthorizedPage } from '../features/auth/pages/unauthorized-page';
import { AdminDashboardPage } from '../features/dashboard/pages/admin-dashboard-page';
import { departmentRoutes } from '../features/scholars-department/routes';
import { scholarPortalRoutes } from '../features/scholar-portal/routes';
import { scholarOfficeRoutes } from '../features/scholars-office/routes';
import { scholarReportRoutes } from '../features/scholar-reports/routes';
import { sevisRoutes } from '../features/sevis/routes';
import { PageUnavailablePage } from '../features/approvals/pages/page-unavailable-page';
import { AssistantNewStudentUiGuard, NewStudentUiGuard } from '../shells/guards/new-student-ui-guard';
import { studentRequestRoutes } from '../features/student-requests/routes';

const lazyPage = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({
  Component: (await load())[name] as React.ComponentType,
});
const approvalPage = lazyPage(() => import('../features/workflows/pages/approval-page'), 'ApprovalPage');
const requestsPages = {
  list: () => import('../features/requests/pages/request-list-page'),
  detail: () => import('../features/requests/pages/request-detail-page'),
  home: () => import('../features/requests/pages/requester-home-page'),
  create: () => import('../features/requests/pages/request-create-page'),
  edit: () => import('../features/requests/pages/request-edit-page'),
};

/** Approval pages: their own table for the approval entry, and added to the normal one on localhost. */
export const approvalRoutes: RouteObject[] = [
  { path: 'approval-review', lazy: approvalPage },
  { path: 'advisor-approval/:token', lazy: approvalPage },
];

const isLocalhost = ['localhost', '127.0.0.1'].includes(window.location.hostname);

export const appRoutes: RouteObject[] = [
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
          { path: 'student', element: <LoginPage portal="student" /> },
          { path: 'student/reset', element: <ForgotPasswordPage portal="student" /> },
          { path: 'student/pass-reset/:key?', element: <PasswordLinkPage portal="student" /> },
        ],
      },
      {
        element: <LoginLayout wide />,
        children: [
          {
            path: 'configuration-setup-wizard',
            lazy: async () => ({ Component: (await import('../features/setup/pages/setup-wizard-page')).SetupWizardPage }),
          },
        ],
      },
      {
        path: 'admin',
        element: <AdminShell area="scholar" />,
        children: [
          // The scholar dashboard, export and reports, then the office's scholar pages (issue 5).
          ...scholarReportRoutes,
          ...scholarOfficeRoutes,
          // Staff pages load on first use: most users of the portal never open them.
          {
            path: 'staff-management',
            lazy: async () => ({ Component: (await import('../features/people/pages/staff-management-page')).StaffManagementPage }),
          },
          {
            path: 'site-settings',
            lazy: async () => ({ Component: (await import('../features/institutions/pages/site-settings-page')).SiteSettingsPage }),
          },
          {
            path: 'form-management',
            lazy: async () => ({ Component: (await import('../features/forms/pages/form-management-page')).FormManagementPage }),
          },
          {
            path: 'form-management/:questionnaireId',
            lazy: async () => ({
              Component: (await import('../features/forms/pages/questionnaire-builder-page')).QuestionnaireBuilderPage,
            }),
          },
          {
            path: 'question-document-configuration',
            lazy: async () => ({
              Component: (await import('../features/forms/pages/question-document-configuration-page')).QuestionDocumentConfigurationPage,
            }),
          },
          {
            path: 'requests',
            lazy: async () => {
              const { RequestListPage } = await requestsPages.list();
              return { element: <RequestListPage area="admin" /> };
            },
          },
          {
            path: 'request/:requestId',
            lazy: async () => {
              const { RequestDetailPage } = await requestsPages.detail();
              return { element: <RequestDetailPage area="admin" /> };
            },
          },
          {
            path: 'approval-workflows',
            lazy: async () => ({ Component: (await import('../features/workflows/pages/approval-workflows-page')).ApprovalWorkflowsPage }),
          },
          { path: 'unauthorized', element: <UnauthorizedPage homePath="/admin/dashboard" /> },
          // In the admin shell unknown and empty paths go to the dashboard (spec 000 s2).
          { index: true, element: <Redirect to="/admin/dashboard" /> },
          { path: '*', element: <Redirect to="/admin/dashboard" /> },
        ],
      },
      {
        path: 'isss',
        element: <AdminShell area="student" />,
        children: [
          { path: 'dashboard', element: <AdminDashboardPage area="student" /> },
          {
            path: 'newly-admitted-students',
            lazy: async () => ({
              Component: (await import('../features/student-intake/pages/newly-admitted-students-page')).NewlyAdmittedStudentsPage,
            }),
          },
          {
            path: 'batch-upload-list',
            lazy: async () => ({ Component: (await import('../features/student-intake/pages/batch-upload-page')).BatchUploadPage }),
          },
          {
            path: 'batch-upload-list/:importId',
            lazy: async () => ({
              Component: (await import('../features/student-intake/pages/batch-upload-preview-page')).BatchUploadPreviewPage,
            }),
          },
          {
            path: 'students-list',
            lazy: async () => ({ Component: (await import('../features/students/pages/students-list-page')).StudentsListPage }),
          },
          {
            path: 'students-request-list',
            lazy: async () => {
              const { RequestListPage } = await requestsPages.list();
              return {
                element: (
                  <AssistantNewStudentUiGuard>
                    <RequestListPage area="isss" />
                  </AssistantNewStudentUiGuard>
                ),
              };
            },
          },
          {
            path: 'request/:requestId',
            lazy: async () => {
              const { RequestDetailPage } = await requestsPages.detail();
              return { element: <RequestDetailPage area="isss" /> };
            },
          },
          {
            path: 'request-configuration',
            lazy: async () => ({
              Component: (await import('../features/requests/pages/request-configuration-page')).RequestConfigurationPage,
            }),
          },
          {
            path: 'request-configuration/create',
            lazy: async () => ({ Component: (await import('../features/requests/pages/request-type-edit-page')).RequestTypeEditPage }),
          },
          {
            path: 'request-configuration/edit/:requestTypeId',
            lazy: async () => ({ Component: (await import('../features/requests/pages/request-type-edit-page')).RequestTypeEditPage }),
          },
          {
            path: 'opt-stem-students-and-employers',
            lazy: async () => {
              const { OptStudentsPage } = await import('../features/student-opt/pages/opt-students-page');
              return {
                element: (
                  <NewStudentUiGuard>
                    <OptStudentsPage />
                  </NewStudentUiGuard>
                ),
              };
            },
          },
          {
            path: 'stem-report-participation',
            lazy: async () => {
              const { StemReportsPage } = await import('../features/student-opt/pages/stem-reports-page');
              return {
                element: (
                  <NewStudentUiGuard>
                    <StemReportsPage />
                  </NewStudentUiGuard>
                ),
              };
            },
          },
          {
            path: 'welcome-wizard-configurations',
            lazy: async () => ({
              Component: (await import('../features/student-config/pages/welcome-wizard-configurations-page'))
                .WelcomeWizardConfigurationsPage,
            }),
          },
          {
            path: 'welcome-wizard-configurations/create',
            lazy: async () => ({ Component: (await import('../features/student-config/pages/wizard-step-edit-page')).WizardStepEditPage }),
          },
          {
            path: 'welcome-wizard-configurations/edit/:stepId',
            lazy: async () => ({ Component: (await import('../features/student-config/pages/wizard-step-edit-page')).WizardStepEditPage }),
          },
          {
            path: 'welcome-wizard-configurations/preview',
            lazy: async () => ({ Component: (await import('../features/student-config/pages/wizard-preview-page')).WizardPreviewPage }),
          },
          // The spec's spelling of the route.
          {
            path: 'student-stage-configuartion',
            lazy: async () => ({
              Component: (await import('../features/student-config/pages/stage-configuration-page')).StageConfigurationPage,
            }),
          },
          // Student records (records slice): profile, create, correction comparison.
          {
            path: 'student-profile/:profileId',
            lazy: async () => ({ Component: (await import('../features/students/pages/student-profile-page')).StudentProfilePage }),
          },
          {
            path: 'student/create',
            lazy: async () => {
              const { StudentCreatePage } = await import('../features/students/pages/student-create-page');
              return { element: <StudentCreatePage visaType="F-1" /> };
            },
          },
          {
            path: 'create-j1',
            lazy: async () => {
              const { StudentCreatePage } = await import('../features/students/pages/student-create-page');
              return { element: <StudentCreatePage visaType="J-1" /> };
            },
          },
          {
            path: 'student-request-comparison/:correctionId',
            lazy: async () => ({
              Component: (await import('../features/students/pages/student-request-comparison-page')).StudentRequestComparisonPage,
            }),
          },
          // SEVIS batches, results, RTI, settings and permissions (issue 6).
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
          // Department portal and the scholar's application pages (issue 5).
          ...departmentRoutes,
          ...scholarPortalRoutes,
          {
            path: 'requests',
            lazy: async () => {
              const { RequesterHomePage } = await requestsPages.home();
              return { element: <RequesterHomePage portal="scholar" /> };
            },
          },
          {
            path: 'request-create/:requestTypeId',
            lazy: async () => {
              const { RequestCreatePage } = await requestsPages.create();
              return { element: <RequestCreatePage portal="scholar" homePath="/scholar/requests" /> };
            },
          },
          {
            path: 'request-edit/:requestId',
            lazy: async () => {
              const { RequestEditPage } = await requestsPages.edit();
              return { element: <RequestEditPage portal="scholar" homePath="/scholar/requests" /> };
            },
          },
          { path: 'unauthorized', element: <UnauthorizedPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'student',
        element: <StudentShell />,
        children: [
          { index: true, element: <Redirect to="/" /> },
          {
            path: 'welcome-wizard',
            lazy: async () => ({ Component: (await import('../features/student-portal/pages/welcome-wizard-page')).WelcomeWizardPage }),
          },
          {
            path: 'student-pre-arrival',
            lazy: async () => {
              const { StageChecklistPage } = await import('../features/student-portal/pages/stage-checklist-page');
              return { element: <StageChecklistPage stage="pre_arrival" /> };
            },
          },
          {
            path: 'student-check-in',
            lazy: async () => {
              const { StageChecklistPage } = await import('../features/student-portal/pages/stage-checklist-page');
              return { element: <StageChecklistPage stage="check_in" /> };
            },
          },
          {
            path: 'my-checklist',
            lazy: async () => {
              const { StageChecklistPage } = await import('../features/student-portal/pages/stage-checklist-page');
              return { element: <StageChecklistPage stage="continuing" /> };
            },
          },
          // The service menu and the request pages of each student request type.
          ...studentRequestRoutes,
          {
            path: 'my-profile',
            lazy: async () => ({ Component: (await import('../features/students/pages/my-profile-page')).MyProfilePage }),
          },
          {
            path: 'request-create/:requestTypeId',
            lazy: async () => {
              const { RequestCreatePage } = await requestsPages.create();
              return { element: <RequestCreatePage portal="student" homePath="/" /> };
            },
          },
          // Types with their own page (CPT, OPT, ...) are sent there; the others use the generic page.
          {
            path: 'request-edit/:requestId',
            lazy: async () => ({
              Component: (await import('../features/student-requests/pages/generic-edit-switch')).StudentGenericEditSwitch,
            }),
          },
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

/** The approval entry's route table (fuseaction=scholarportal.approvalreview). */
export const approvalEntryRoutes: RouteObject[] = [
  {
    element: <PlainLayout />,
    children: [
      ...approvalRoutes,
      { path: 'page-unavailable', element: <PageUnavailablePage /> },
      { path: '*', element: <Redirect to="/page-unavailable" /> },
    ],
  },
];

/** Create the (single) hash router and let non-component code navigate with it. */
export function createAppRouter(mode: 'normal' | 'approval') {
  const router = createHashRouter(mode === 'approval' ? approvalEntryRoutes : appRoutes);
  registerNavigator((to, opts) => void router.navigate(to, opts?.replace !== undefined ? { replace: opts.replace } : {}));
  return router;
}
