import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../platform/http/context.js';
import { intakeRoutes } from './routes/intake.js';
import { listRoutes } from './routes/list.js';
import { optRoutes } from './routes/opt.js';
import { portalRoutes } from './routes/portal.js';
import { recordsRoutes } from './routes/records.js';
import { requestsRoutes } from './routes/requests.js';

export function studentRoutes(app: FastifyInstance, s: TServices): void {
  recordsRoutes(app, s);
  listRoutes(app, s);
  requestsRoutes(app, s);
  portalRoutes(app, s);
  intakeRoutes(app, s);
  optRoutes(app, s);
}
