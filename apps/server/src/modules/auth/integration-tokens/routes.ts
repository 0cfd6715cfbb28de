import type { FastifyInstance } from 'fastify';
import { authApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { createIntegrationToken } from './operations/create-integration-token.js';
import { listIntegrationTokenUses } from './operations/list-integration-token-uses.js';
import { listIntegrationTokens } from './operations/list-integration-tokens.js';
import { revokeIntegrationToken } from './operations/revoke-integration-token.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Integration Settings: the tokens campus systems call the API with (docs/product/integration-tokens.md). */
export function integrationTokenRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, authApi.listIntegrationTokens, (ctx) => listIntegrationTokens(ctx));
  // The answer carries the secret: no cache may keep it.
  registerRoute(app, s, authApi.createIntegrationToken, (ctx, { body }) => createIntegrationToken(ctx, body), { headers: NO_STORE });
  registerRoute(app, s, authApi.revokeIntegrationToken, (ctx, { params }) => revokeIntegrationToken(ctx, params.tokenId));
  registerRoute(app, s, authApi.listIntegrationTokenUses, (ctx, { params, query }) =>
    listIntegrationTokenUses(ctx, params.tokenId, query.limit),
  );
}
