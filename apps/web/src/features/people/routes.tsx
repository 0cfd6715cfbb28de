import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

/** Staff Management (admin shell). */
export const peopleRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="people.staff.read" homePath="/admin/dashboard" />,
    children: [
      {
        path: 'staff-management',
        lazy: async () => ({ Component: (await import('./pages/staff-management-page')).StaffManagementPage }),
      },
    ],
  },
];

/** Campus Sites (student area, Configuration): super users only (docs/product/people.md#campus-sites). */
export const campusSitesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="people.campus-sites.manage" homePath="/isss/dashboard" />,
    children: [
      {
        path: 'campus-sites',
        lazy: async () => ({ Component: (await import('./pages/campus-sites-page')).CampusSitesPage }),
      },
    ],
  },
];
