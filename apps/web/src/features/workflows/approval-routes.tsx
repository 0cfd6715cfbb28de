import type { RouteObject } from 'react-router';
import { Redirect } from '../../ui/redirect';

// Kept apart from the office's workflow pages (routes.tsx): the app's skeleton imports these, and
// nothing of the office's pages should come with it.
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
