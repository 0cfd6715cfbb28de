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
