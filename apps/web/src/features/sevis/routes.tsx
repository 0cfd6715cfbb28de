import type { RouteObject } from 'react-router';

/** SEVIS pages (student admin shell): batch manager, registration, validation, results, system errors, RTI, settings, permissions. */
export const sevisRoutes: RouteObject[] = [];
