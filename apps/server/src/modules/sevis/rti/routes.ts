import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES, sevisApi } from '@meridian/domain';
import { answerJob, registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import { registerJobKind } from '../../../platform/jobs/runner.js';
import type { TServices } from '../../../platform/http/context.js';
import { APPLY_RTI_IMPORT_JOB, runApplyRtiImport, startApplyRtiImport, type TApplyRtiJobInput } from './operations/apply-rti-import.js';
import { discardRtiImport } from './operations/discard-rti-import.js';
import { getRtiImport } from './operations/get-rti-import.js';
import { listRtiImports } from './operations/list-rti-imports.js';
import { runUploadRtiImport, startUploadRtiImport, UPLOAD_RTI_IMPORT_JOB } from './operations/upload-rti-import.js';
import { readOneFile, type TUploadJobInput } from '../file-upload.js';

/** The sevis module's RTI routes (docs/product/sevis-rti.md): upload an RTI list, compare, apply, history. */
export function rtiRoutes(app: FastifyInstance, s: TServices): void {
  registerJobKind<TUploadJobInput>({ kind: UPLOAD_RTI_IMPORT_JOB, run: runUploadRtiImport });
  registerJobKind<TApplyRtiJobInput>({ kind: APPLY_RTI_IMPORT_JOB, run: runApplyRtiImport });
  registerRawRoute(app, s, sevisApi.uploadRtiImport, async (ctx, req, reply) =>
    answerJob(reply, await startUploadRtiImport(ctx, await readOneFile(req, IMPORT_MAX_BYTES, sevisApi.RTI_MSG.fileRequired))),
  );
  registerRoute(app, s, sevisApi.listRtiImports, (ctx, { query }) => listRtiImports(ctx, query));
  registerRoute(app, s, sevisApi.getRtiImport, (ctx, { params, query }) => getRtiImport(ctx, params.importId, query));
  registerRoute(app, s, sevisApi.applyRtiImport, (ctx, { params, body }) => startApplyRtiImport(ctx, params.importId, body), {
    startsJob: true,
  });
  registerRoute(app, s, sevisApi.discardRtiImport, (ctx, { params }) => discardRtiImport(ctx, params.importId));
}
