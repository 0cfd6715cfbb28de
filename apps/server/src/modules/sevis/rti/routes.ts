import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES, sevisApi } from '@meridian/domain';
import { registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { applyRtiImport } from './operations/apply-rti-import.js';
import { discardRtiImport } from './operations/discard-rti-import.js';
import { getRtiImport } from './operations/get-rti-import.js';
import { listRtiImports } from './operations/list-rti-imports.js';
import { uploadRtiImport } from './operations/upload-rti-import.js';
import { readOneFile } from '../file-upload.js';

/** The sevis module's RTI routes (docs/product/sevis-rti.md): upload an RTI list, compare, apply, history. */
export function rtiRoutes(app: FastifyInstance, s: TServices): void {
  registerRawRoute(app, s, sevisApi.uploadRtiImport, async (ctx, req) =>
    uploadRtiImport(ctx, await readOneFile(req, IMPORT_MAX_BYTES, sevisApi.RTI_MSG.fileRequired)),
  );
  registerRoute(app, s, sevisApi.listRtiImports, (ctx, { query }) => listRtiImports(ctx, query));
  registerRoute(app, s, sevisApi.getRtiImport, (ctx, { params, query }) => getRtiImport(ctx, params.importId, query));
  registerRoute(app, s, sevisApi.applyRtiImport, (ctx, { params, body }) => applyRtiImport(ctx, params.importId, body));
  registerRoute(app, s, sevisApi.discardRtiImport, (ctx, { params }) => discardRtiImport(ctx, params.importId));
}
