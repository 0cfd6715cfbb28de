import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

/** Email Communications (student admin shell, Actions): super users, officers and assistants who may send e-mail (docs/product/messages.md#email-communications). */
export const massEmailRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="messages.mass.send" homePath="/isss/dashboard" />,
    children: [
      { path: 'email-communications', lazy: async () => ({ Component: (await import('./pages/mass-email-page')).MassEmailPage }) },
    ],
  },
];
