import type { FastifyInstance } from 'fastify';
import { lookupsApi, MSG } from '@meridian/domain';
import { AppError } from '../../platform/errors/app-error.js';
import { contentDisposition } from '../../platform/files/download.js';
import type { TServices } from '../../platform/http/context.js';
import { registerRawRoute, registerRoute } from '../../platform/http/route.js';
import {
  addLookupValue,
  reorderLookupValues,
  restoreLookupValue,
  retireLookupValue,
  updateLookupValue,
} from './operations/change-lookup-values.js';
import { exportLookup } from './operations/export-lookup.js';
import { getLookup, listLookupValues, listLookups } from './operations/read-lookups.js';

/** Lookups: every form reads the lists; list managers change and export them (docs/product/lookups.md). */
export function lookupRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, lookupsApi.listLookups, (ctx) => listLookups(ctx));
  registerRoute(app, s, lookupsApi.getLookup, (ctx, { params, query }) => getLookup(ctx, params.key, query));
  registerRoute(app, s, lookupsApi.listLookupValues, (ctx, { params, query }) => listLookupValues(ctx, params.key, query));
  registerRoute(app, s, lookupsApi.addLookupValue, (ctx, { params, body }) => addLookupValue(ctx, params.key, body));
  registerRoute(app, s, lookupsApi.updateLookupValue, (ctx, { params, body }) => updateLookupValue(ctx, params.key, params.valueId, body));
  registerRoute(app, s, lookupsApi.reorderLookupValues, (ctx, { params, body }) => reorderLookupValues(ctx, params.key, body.valueIds));
  registerRoute(app, s, lookupsApi.retireLookupValue, (ctx, { params, body }) => retireLookupValue(ctx, params.key, params.valueId, body));
  registerRoute(app, s, lookupsApi.restoreLookupValue, (ctx, { params }) => restoreLookupValue(ctx, params.key, params.valueId));
  registerRawRoute(app, s, lookupsApi.exportLookup, async (ctx, req, reply) => {
    const params = lookupsApi.ZLookupKeyParams.safeParse(req.params);
    if (!params.success) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
    const { fileName, csv } = await exportLookup(ctx, params.data.key);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition(fileName))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
