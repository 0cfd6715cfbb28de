import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../platform/http/context.js';
import { departmentRoutes } from './department/routes.js';
import { hrUpdateRoutes } from './hr-updates/routes.js';
import { legacyConvertRoutes } from './legacy-convert/routes.js';
import { portalRoutes } from './portal/routes.js';
import { officeRoutes } from './office/routes.js';
import { reportsRoutes } from './reports/routes.js';
import { scholarRequestRoutes } from './requests/routes.js';

/**
 * The scholars module: department portal, scholar portal, office work, exports/reports/alerts, scholar requests
 * (docs/product/scholars-department.md, scholars-portal.md, scholars-office.md, scholars-reports.md), HR updates
 * (docs/product/scholar-hr-updates.md), Convert from Legacy (docs/product/convert-from-legacy.md).
 */
export function scholarRoutes(app: FastifyInstance, s: TServices): void {
  departmentRoutes(app, s);
  portalRoutes(app, s);
  officeRoutes(app, s);
  reportsRoutes(app, s);
  scholarRequestRoutes(app, s);
  hrUpdateRoutes(app, s);
  legacyConvertRoutes(app, s);
}
