import type { RouteObject } from 'react-router';
import { ScholarDashboardPage } from './pages/scholar-dashboard-page';
import { ScholarReportsPage } from './pages/scholar-reports-page';

/** Office scholar dashboard, export and reports (admin shell). */
export const scholarReportRoutes: RouteObject[] = [
  { path: 'dashboard', element: <ScholarDashboardPage /> },
  { path: 'scholar-reports', element: <ScholarReportsPage /> },
];
