import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';
import { ScholarDashboardPage } from './pages/scholar-dashboard-page';
import { ScholarReportsPage } from './pages/scholar-reports-page';

/**
 * Office scholar dashboard, export and reports (admin shell). The dashboard is the admin shell's
 * home, so "No access" links to the root page, which knows each role's home.
 */
export const scholarReportRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="scholars.read" homePath="/" />,
    children: [
      { path: 'dashboard', element: <ScholarDashboardPage /> },
      { path: 'scholar-reports', element: <ScholarReportsPage /> },
    ],
  },
];
