import type { RouteObject } from 'react-router';
import { Redirect } from '../../ui/redirect';
import { RequirePermission } from '../../shells/guards/require-permission';

const approvalPage = async () => ({ Component: (await import('./pages/approval-page')).ApprovalPage });

/** Approval pages reached from e-mailed links (no sign-in): their own entry, and the normal app on localhost. */
export const approvalRoutes: RouteObject[] = [
  { path: 'approval-review', lazy: approvalPage },
  { path: 'advisor-approval/:token', lazy: approvalPage },
];

/** The approval entry's whole route table (fuseaction=scholarportal.approvalreview). */
export const approvalEntryRoutes: RouteObject[] = [
  ...approvalRoutes,
  { path: 'page-unavailable', lazy: async () => ({ Component: (await import('./pages/page-unavailable-page')).PageUnavailablePage }) },
  { path: '*', element: <Redirect to="/page-unavailable" /> },
];

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
