import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../platform/http/context.js';
import { departmentRoutes } from './routes/department.js';
import { portalRoutes } from './routes/portal.js';
import { officeRoutes } from './routes/office.js';
import { reportsRoutes } from './routes/reports.js';

/** The scholars module: department portal, scholar portal, office work, exports/reports/alerts (issue 5). */
export function scholarRoutes(app: FastifyInstance, s: TServices): void {
  departmentRoutes(app, s);
  portalRoutes(app, s);
  officeRoutes(app, s);
  reportsRoutes(app, s);
}
