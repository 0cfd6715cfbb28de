import type { RouteObject } from 'react-router';

/** SEVIS pages (student admin shell): batch manager, registration, validation, results, system errors, RTI, settings, permissions. */
export const sevisRoutes: RouteObject[] = [
  // Results, System Errors and RTI import (helper G).
  { path: 'sevis-results', lazy: async () => ({ Component: (await import('./pages/results-page')).ResultsPage }) },
  { path: 'system-errors', lazy: async () => ({ Component: (await import('./pages/system-errors-page')).SystemErrorsPage }) },
  { path: 'rti-import', lazy: async () => ({ Component: (await import('./pages/rti-import-page')).RtiImportPage }) },
  { path: 'rti-import/:importId', lazy: async () => ({ Component: (await import('./pages/rti-import-detail-page')).RtiImportDetailPage }) },
];
