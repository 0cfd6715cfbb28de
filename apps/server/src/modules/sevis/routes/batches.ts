import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The sevis module's batches routes (issue 6). */
export function batchesRoutes(_app: FastifyInstance, _s: TServices): void {}
