import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The students module's portal routes. */
export function portalRoutes(_app: FastifyInstance, _s: TServices): void {}
