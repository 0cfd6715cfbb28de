import type { FastifyInstance } from 'fastify';
import { auditApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { getHistory } from './operations/get-history.js';

export function auditRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, auditApi.getHistory, (ctx, { params, query }) =>
    getHistory(ctx, params.entityType, params.entityId, query.page, query.pageSize),
  );
}
