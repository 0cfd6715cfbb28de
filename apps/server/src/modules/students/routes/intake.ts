import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The students module's intake routes. */
export function intakeRoutes(_app: FastifyInstance, _s: TServices): void {}
