import type { RouteObject } from 'react-router';

/** Office scholar pages (admin shell): review sponsorship request, scholar profile, templates, account settings. */
export const scholarOfficeRoutes: RouteObject[] = [];
