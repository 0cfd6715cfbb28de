import type { FastifyInstance } from 'fastify';
import { auditApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { assertMayReadHistory, getHistory } from './operations/get-history.js';

export function auditRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, auditApi.getHistory, async (ctx, { params, query }) => {
    const view = await assertMayReadHistory(ctx, params.entityType, params.entityId);
    return getHistory(ctx, params.entityType, params.entityId, query.page, query.pageSize, view);
  });
}
