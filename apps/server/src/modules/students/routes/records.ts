import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The students module's records routes. */
export function recordsRoutes(_app: FastifyInstance, _s: TServices): void {}
