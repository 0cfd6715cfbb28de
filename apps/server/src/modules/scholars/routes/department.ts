import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The scholars module's department routes (issue 5). */
export function departmentRoutes(_app: FastifyInstance, _s: TServices): void {}
