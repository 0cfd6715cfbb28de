import type { FastifyInstance } from 'fastify';
import { setupApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { completeSetup } from './operations/complete-setup.js';
import { getSetupStatus } from './operations/get-setup-status.js';

export function setupRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, setupApi.getSetupStatus, (ctx) => getSetupStatus(ctx), { tenantless: true });
  registerRoute(app, s, setupApi.completeSetup, (ctx, { body }) => completeSetup(ctx, body), { tenantless: true });
}
