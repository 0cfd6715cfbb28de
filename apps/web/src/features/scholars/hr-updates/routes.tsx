import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';
import { HrUpdatesGuard } from './components/hr-updates-guard';

/** Scholar HR Updates (admin shell): HR's appointment feed compared with the cases, each change accepted or rejected. */
export const scholarHrUpdateRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="scholars.hr-updates" homePath="/admin/dashboard" />,
    children: [
      {
        element: <HrUpdatesGuard />,
        children: [
          {
            path: 'scholar-SIS-requests',
            lazy: async () => ({ Component: (await import('./pages/hr-updates-page')).HrUpdatesPage }),
          },
          {
            path: 'scholar-SIS-requests-compare/:importId',
            lazy: async () => ({ Component: (await import('./pages/hr-compare-page')).HrComparePage }),
          },
        ],
      },
    ],
  },
];
