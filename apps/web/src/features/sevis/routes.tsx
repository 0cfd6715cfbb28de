import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

const HOME = '/isss/dashboard';

/** SEVIS pages (student admin shell), each behind the permission its work needs. */
export const sevisRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="sevis.read" homePath={HOME} />,
    children: [
      { path: 'sevis-settings', lazy: async () => ({ Component: (await import('./pages/settings-page')).SevisSettingsPage }) },
      { path: 'system-errors', lazy: async () => ({ Component: (await import('./pages/system-errors-page')).SystemErrorsPage }) },
    ],
  },
  {
    element: <RequirePermission permission="sevis.batch" homePath={HOME} />,
    children: [
      { path: 'batch-manager', lazy: async () => ({ Component: (await import('./pages/batch-manager-page')).BatchManagerPage }) },
      {
        path: 'batch-sevis-registration',
        lazy: async () => ({ Component: (await import('./pages/registration-page')).SevisRegistrationPage }),
      },
      { path: 'sevis-validation', lazy: async () => ({ Component: (await import('./pages/validation-page')).SevisValidationPage }) },
    ],
  },
  {
    element: <RequirePermission permission="sevis.configure" homePath={HOME} />,
    children: [
      { path: 'sevis-permissions', lazy: async () => ({ Component: (await import('./pages/permissions-page')).SevisPermissionsPage }) },
    ],
  },
  {
    element: <RequirePermission permission="sevis.import" homePath={HOME} />,
    children: [
      { path: 'sevis-results', lazy: async () => ({ Component: (await import('./pages/results-page')).ResultsPage }) },
      { path: 'rti-import', lazy: async () => ({ Component: (await import('./pages/rti-import-page')).RtiImportPage }) },
      {
        path: 'rti-import/:importId',
        lazy: async () => ({ Component: (await import('./pages/rti-import-detail-page')).RtiImportDetailPage }),
      },
    ],
  },
];
