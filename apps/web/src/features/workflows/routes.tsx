import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

/** Approval Workflows (admin shell). */
export const workflowsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="workflows.manage" homePath="/admin/dashboard" />,
    children: [
      {
        path: 'approval-workflows',
        lazy: async () => ({ Component: (await import('./pages/approval-workflows-page')).ApprovalWorkflowsPage }),
      },
    ],
  },
];
