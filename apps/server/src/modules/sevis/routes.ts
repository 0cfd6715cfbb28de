import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../platform/http/context.js';
import { settingsRoutes } from './routes/settings.js';
import { batchesRoutes } from './routes/batches.js';
import { resultsRoutes } from './routes/results.js';
import { rtiRoutes } from './routes/rti.js';

/** The sevis module: settings and permissions, batches, transaction-log results, RTI import (issue 6). */
export function sevisRoutes(app: FastifyInstance, s: TServices): void {
  settingsRoutes(app, s);
  batchesRoutes(app, s);
  resultsRoutes(app, s);
  rtiRoutes(app, s);
}
