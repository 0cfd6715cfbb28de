import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

/** The Automated E-mail page (student admin shell, Configuration): super users and officers (docs/product/messages.md#automated-e-mail). */
export const automatedEmailRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="messages.automated.manage" homePath="/isss/dashboard" />,
    children: [
      {
        path: 'automated-email-config',
        lazy: async () => ({ Component: (await import('./pages/automated-email-page')).AutomatedEmailPage }),
      },
    ],
  },
];
