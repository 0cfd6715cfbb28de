import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The students module's opt routes. */
export function optRoutes(_app: FastifyInstance, _s: TServices): void {}
