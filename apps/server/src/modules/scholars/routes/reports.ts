import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The scholars module's reports routes (issue 5). */
export function reportsRoutes(_app: FastifyInstance, _s: TServices): void {}
