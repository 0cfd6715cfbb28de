import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The scholars module's office routes (issue 5). */
export function officeRoutes(_app: FastifyInstance, _s: TServices): void {}
