import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';

/** Active Student Import (student admin shell): the SIS enrolment feed, compared and applied. */
export const activeImportRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="students.import.active" homePath="/isss/dashboard" />,
    children: [
      {
        path: 'active-student-import-list',
        lazy: async () => ({ Component: (await import('./pages/active-import-page')).ActiveImportPage }),
      },
      {
        path: 'active-student-import-list/:importId',
        lazy: async () => ({ Component: (await import('./pages/active-import-detail-page')).ActiveImportDetailPage }),
      },
    ],
  },
];
