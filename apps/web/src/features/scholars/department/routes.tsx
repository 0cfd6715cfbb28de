import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Redirect } from '../../../ui/redirect';
import { useSession } from '../../../app/session/session-store';
import { RequirePermission } from '../../../shells/guards/require-permission';

function DepartmentOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.userRole !== 'department') return <Redirect to="/scholar/unauthorized" />;
  return <>{children}</>;
}

const page = (load: () => Promise<Record<string, unknown>>, name: string, departmentOnly = true): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const Page = (await load())[name] as React.ComponentType;
    return {
      element: departmentOnly ? (
        <DepartmentOnly>
          <Page />
        </DepartmentOnly>
      ) : (
        <Page />
      ),
    };
  },
});
const dashboard = () => import('./pages/dept-dashboard-page');
const sponsorship = () => import('./pages/sponsorship-case-page');
const review = () => import('./pages/review-request-page');

/**
 * Department portal (scholar shell): deptDashboard, createscholar, editscholarapplication (the case),
 * reviewrequest (a scholar's own request read-only; a department user is sent to the case), dept-configs, approval-workflows.
 */
export const departmentRoutes: RouteObject[] = [
  { path: 'deptDashboard', ...page(dashboard, 'DeptDashboardPage') },
  { path: 'createscholar', ...page(sponsorship, 'CreateScholarPage') },
  { path: 'editscholarapplication/:applicationId', ...page(sponsorship, 'SponsorshipCasePage') },
  { path: 'reviewrequest/:scholarId?/:applicationId?', ...page(review, 'ReviewRequestPage', false) },
  {
    element: <RequirePermission permission="scholars.department-admin" homePath="/scholar/deptDashboard" />,
    children: [
      { path: 'dept-configs', ...page(() => import('./pages/dept-configs-page'), 'DeptConfigsPage') },
      { path: 'approval-workflows', ...page(() => import('./pages/dept-workflows-page'), 'DeptWorkflowsPage') },
    ],
  },
];
