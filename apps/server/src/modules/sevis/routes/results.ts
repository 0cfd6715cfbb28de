import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The sevis module's results routes (issue 6). */
export function resultsRoutes(_app: FastifyInstance, _s: TServices): void {}
