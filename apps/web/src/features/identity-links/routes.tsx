import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

/** The Integrated User Tool (student admin shell, Actions): super users and officers (docs/product/integrated-user-tool.md). */
export const identityLinkRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="people.identity-links.manage" homePath="/isss/dashboard" />,
    children: [
      {
        path: 'integrated-user-tools',
        lazy: async () => ({ Component: (await import('./pages/integrated-user-tool-page')).IntegratedUserToolPage }),
      },
    ],
  },
];
