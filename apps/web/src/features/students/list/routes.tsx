import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';

/** The Student List (student admin shell). */
export const listRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="students.read" homePath="/isss/dashboard" />,
    children: [{ path: 'students-list', lazy: async () => ({ Component: (await import('./pages/students-list-page')).StudentsListPage }) }],
  },
];
