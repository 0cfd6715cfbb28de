import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The sevis module's settings routes (issue 6). */
export function settingsRoutes(_app: FastifyInstance, _s: TServices): void {}
