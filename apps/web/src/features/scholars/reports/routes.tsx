import type { RouteObject } from 'react-router';
import { MSG } from '@meridian/domain';
import { RequirePermission } from '../../../shells/guards/require-permission';
import { loadScholarDashboardPage } from './dashboard-page';

/**
 * Office scholar dashboard, export and reports (admin shell). The dashboard is the admin shell's
 * home, so "No access" links to the root page, which knows each role's home.
 */
export const scholarReportRoutes: RouteObject[] = [
  {
    // A staff member whose scholar area the office closed (docs/product/people.md#scholar-area-permission).
    element: <RequirePermission permission="scholars.read" homePath="/" message={MSG.noAreaAccess} />,
    children: [
      { path: 'dashboard', lazy: async () => ({ Component: (await loadScholarDashboardPage()).ScholarDashboardPage }) },
      { path: 'scholar-reports', lazy: async () => ({ Component: (await import('./pages/scholar-reports-page')).ScholarReportsPage }) },
    ],
  },
];
