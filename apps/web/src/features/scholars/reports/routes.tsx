import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';
import { loadScholarDashboardPage } from './dashboard-page';

/**
 * Office scholar dashboard, export and reports (admin shell). The dashboard is the admin shell's
 * home, so "No access" links to the root page, which knows each role's home.
 */
export const scholarReportRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="scholars.read" homePath="/" />,
    children: [
      { path: 'dashboard', lazy: async () => ({ Component: (await loadScholarDashboardPage()).ScholarDashboardPage }) },
      { path: 'scholar-reports', lazy: async () => ({ Component: (await import('./pages/scholar-reports-page')).ScholarReportsPage }) },
    ],
  },
];
