import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The scholars module's portal routes (issue 5). */
export function portalRoutes(_app: FastifyInstance, _s: TServices): void {}
