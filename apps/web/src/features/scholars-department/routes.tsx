import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Redirect } from '../../ui/redirect';
import { useSession } from '../../app/session/session-store';
import { ScholarOnly } from '../../shells/scholar/scholar-shell';
import { ApplicationLandingPage } from '../scholars/pages/application-landing-page';
import { DeptDashboardPage } from '../scholars/pages/dept-dashboard-page';

function DepartmentOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.userRole !== 'department') return <Redirect to="/scholar/unauthorized" />;
  return <>{children}</>;
}

/** Department portal (scholar shell): deptDashboard, createscholar, reviewrequest, editscholarapplication, dept-configs, approval-workflows. */
export const departmentRoutes: RouteObject[] = [
  { path: 'reviewrequest', element: <ScholarOnly><ApplicationLandingPage page="reviewrequest" /></ScholarOnly> },
  { path: 'deptDashboard', element: <DepartmentOnly><DeptDashboardPage /></DepartmentOnly> },
];
