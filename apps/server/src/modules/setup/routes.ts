import type { FastifyInstance } from 'fastify';
import { setupApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { completeSetup } from './operations/complete-setup.js';

export function setupRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, setupApi.getSetupStatus, async () => ({ setupRequired: (await s.tenancy.count()) === 0 }), { tenantless: true });
  registerRoute(app, s, setupApi.completeSetup, (ctx, { body }) => completeSetup(ctx, body), { tenantless: true });
}
