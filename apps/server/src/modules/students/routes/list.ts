import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../../platform/http/context.js';

/** The students module's list routes. */
export function listRoutes(_app: FastifyInstance, _s: TServices): void {}
