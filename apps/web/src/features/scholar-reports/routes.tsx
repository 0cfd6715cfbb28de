import type { RouteObject } from 'react-router';
import { AdminDashboardPage } from '../dashboard/pages/admin-dashboard-page';

/** Office scholar dashboard, export and reports (admin shell). */
export const scholarReportRoutes: RouteObject[] = [{ path: 'dashboard', element: <AdminDashboardPage area="scholar" /> }];
