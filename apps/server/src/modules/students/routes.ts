import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../platform/http/context.js';
import { intakeRoutes } from './intake/routes.js';
import { listRoutes } from './list/routes.js';
import { optRoutes } from './opt/routes.js';
import { portalRoutes } from './portal/routes.js';
import { recordsRoutes } from './records/routes.js';
import { activeImportRoutes } from './active-import/routes.js';
import { requestsRoutes } from './requests/routes.js';

export function studentRoutes(app: FastifyInstance, s: TServices): void {
  recordsRoutes(app, s);
  listRoutes(app, s);
  requestsRoutes(app, s);
  portalRoutes(app, s);
  intakeRoutes(app, s);
  optRoutes(app, s);
  activeImportRoutes(app, s);
}
