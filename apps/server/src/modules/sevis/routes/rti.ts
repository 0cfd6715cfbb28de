import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The sevis module's rti routes (issue 6). */
export function rtiRoutes(_app: FastifyInstance, _s: TServices): void {}
