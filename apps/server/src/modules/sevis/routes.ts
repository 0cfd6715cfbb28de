import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../platform/http/context.js';
import { settingsRoutes } from './settings/routes.js';
import { batchesRoutes } from './batches/routes.js';
import { resultsRoutes } from './results/routes.js';
import { rtiRoutes } from './rti/routes.js';

/**
 * The sevis module: settings and permissions, batches, transaction-log results, RTI import
 * (docs/product/sevis-settings.md, sevis-batches.md, sevis-results.md, sevis-rti.md).
 */
export function sevisRoutes(app: FastifyInstance, s: TServices): void {
  settingsRoutes(app, s);
  batchesRoutes(app, s);
  resultsRoutes(app, s);
  rtiRoutes(app, s);
}
