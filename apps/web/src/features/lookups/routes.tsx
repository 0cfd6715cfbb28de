import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

const pages: RouteObject[] = [
  { path: 'lookups', lazy: async () => ({ Component: (await import('./pages/lookups-page')).LookupsPage }) },
  { path: 'lookups/:key', lazy: async () => ({ Component: (await import('./pages/lookup-list-page')).LookupListPage }) },
];

/** Lookups in the student area's Configuration (docs/product/lookups.md): super users and officers of every site. */
export const lookupsIsssRoutes: RouteObject[] = [
  { element: <RequirePermission permission="lookups.manage" homePath="/isss/dashboard" />, children: pages },
];

/** The same pages in the scholar admin area's Configuration. */
export const lookupsAdminRoutes: RouteObject[] = [
  { element: <RequirePermission permission="lookups.manage" homePath="/admin/dashboard" />, children: pages },
];
