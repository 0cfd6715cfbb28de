import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';

/** Office scholar pages (admin shell): review sponsorship request, scholar profile, and the scholar area's configuration. */
export const scholarOfficeRoutes: RouteObject[] = [
  {
    path: 'reviewrequest/:applicationId',
    lazy: async () => ({ Component: (await import('./pages/review-request-page')).ReviewRequestPage }),
  },
  {
    path: 'scholar-profile/:applicationId',
    lazy: async () => ({ Component: (await import('./pages/scholar-profile-page')).ScholarProfilePage }),
  },
  {
    element: <RequirePermission permission="scholars.configure" homePath="/admin/dashboard" />,
    children: [
      { path: 'account-settings', lazy: async () => ({ Component: (await import('./pages/account-settings-page')).AccountSettingsPage }) },
      { path: 'scholar-templates', lazy: async () => ({ Component: (await import('./pages/templates-page')).ScholarTemplatesPage }) },
    ],
  },
];
