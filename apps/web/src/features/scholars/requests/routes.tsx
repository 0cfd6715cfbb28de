import type { RouteObject } from 'react-router';

/**
 * A scholar request's page (scholar shell): #/scholar/request-edit/:requestId opens a scholar request with a
 * form of its own on its page, any other request on the generic one. Listed before the requests feature's
 * own route of the same address, which it takes the place of.
 */
export const scholarRequestRoutes: RouteObject[] = [
  {
    path: 'request-edit/:requestId',
    lazy: async () => ({ Component: (await import('./pages/scholar-request-page')).ScholarRequestEditSwitch }),
  },
];
