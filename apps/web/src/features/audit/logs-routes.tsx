import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

const logsPage = async () => ({ Component: (await import('./pages/logs-page')).LogsPage });

/** The office's Logs in the admin shell (Configuration) and the student area (Configuration): super users and officers (docs/product/logs.md). */
export const logsAdminRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="audit.logs.read" homePath="/admin/dashboard" />,
    children: [{ path: 'logs', lazy: logsPage }],
  },
];
export const logsIsssRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="audit.logs.read" homePath="/isss/dashboard" />,
    children: [{ path: 'logs', lazy: logsPage }],
  },
];
