import type { RouteObject } from 'react-router';

/** The first-run configuration wizard (outside every shell: nobody can sign in yet). */
export const setupRoutes: RouteObject[] = [
  {
    path: 'configuration-setup-wizard',
    lazy: async () => ({ Component: (await import('./pages/setup-wizard-page')).SetupWizardPage }),
  },
];
