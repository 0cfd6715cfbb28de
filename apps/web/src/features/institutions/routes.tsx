import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

/** Site Settings (admin shell): the institution's branding and feature flags. */
export const institutionsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="institutions.settings.update" homePath="/admin/dashboard" />,
    children: [{ path: 'site-settings', lazy: async () => ({ Component: (await import('./pages/site-settings-page')).SiteSettingsPage }) }],
  },
];
