import type { FastifyInstance } from 'fastify';
import { workApi } from '@meridian/domain';
import type { TServices } from '../../platform/http/context.js';
import { registerRoute } from '../../platform/http/route.js';
import { getMyWork } from './operations/get-my-work.js';

/** The work module's route: the counts of a staff member's My work page. */
export function workRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, workApi.getMyWork, (ctx) => getMyWork(ctx));
}
