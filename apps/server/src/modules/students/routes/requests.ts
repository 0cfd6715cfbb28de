import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The students module's requests routes. */
export function requestsRoutes(_app: FastifyInstance, _s: TServices): void {}
