import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

/** The Sent Email page (student admin shell, Actions): office staff who read the log (docs/product/messages.md#sent-email). */
export const sentMailRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="messages.sent.read" homePath="/isss/dashboard" />,
    children: [{ path: 'sent-email', lazy: async () => ({ Component: (await import('./pages/sent-email-page')).SentEmailPage }) }],
  },
];
