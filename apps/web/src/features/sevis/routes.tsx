import type { RouteObject } from 'react-router';

/** SEVIS pages (student admin shell): batch manager, registration, validation, results, system errors, RTI, settings, permissions. */
export const sevisRoutes: RouteObject[] = [
  // Batch Manager, SEVIS Registration and Validation, SEVIS Settings and Permissions (helper F).
  { path: 'batch-manager', lazy: async () => ({ Component: (await import('./pages/batch-manager-page')).BatchManagerPage }) },
  {
    path: 'batch-sevis-registration',
    lazy: async () => ({ Component: (await import('./pages/registration-page')).SevisRegistrationPage }),
  },
  { path: 'sevis-validation', lazy: async () => ({ Component: (await import('./pages/validation-page')).SevisValidationPage }) },
  { path: 'sevis-settings', lazy: async () => ({ Component: (await import('./pages/settings-page')).SevisSettingsPage }) },
  { path: 'sevis-permissions', lazy: async () => ({ Component: (await import('./pages/permissions-page')).SevisPermissionsPage }) },
  // Results, System Errors and RTI import (helper G).
  { path: 'sevis-results', lazy: async () => ({ Component: (await import('./pages/results-page')).ResultsPage }) },
  { path: 'system-errors', lazy: async () => ({ Component: (await import('./pages/system-errors-page')).SystemErrorsPage }) },
  { path: 'rti-import', lazy: async () => ({ Component: (await import('./pages/rti-import-page')).RtiImportPage }) },
  { path: 'rti-import/:importId', lazy: async () => ({ Component: (await import('./pages/rti-import-detail-page')).RtiImportDetailPage }) },
];
