import type { FastifyInstance } from 'fastify';
import { ACTIVE_IMPORT_MAX_BYTES, ACTIVE_IMPORT_MAX_JSON_BYTES, studentsApi } from '@meridian/domain';
import { answerJob, registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { registerJobKind } from '../../../platform/jobs/runner.js';
import { readImportUpload } from '../intake/import-file.js';
import { runApplyActiveImport, startApplyActiveImport, type TApplyJobInput } from './operations/apply-active-import.js';
import {
  runCompareActiveImport,
  startActiveImportPush,
  startActiveImportUpload,
  type TCompareJobInput,
} from './operations/compare-active-import.js';
import { discardActiveImport } from './operations/discard-active-import.js';
import { excludeActiveImportRows } from './operations/exclude-active-import-rows.js';
import { listActiveImportRows } from './operations/list-active-import-rows.js';
import { getActiveImport, listActiveImports } from './operations/list-active-imports.js';

const api = studentsApi;

/** The students module's active-student import (docs/product/active-student-import.md): the SIS feed, compared and applied. */
export function activeImportRoutes(app: FastifyInstance, s: TServices): void {
  registerJobKind<TCompareJobInput>({ kind: api.ACTIVE_IMPORT_COMPARE_JOB, run: runCompareActiveImport });
  registerJobKind<TApplyJobInput>({ kind: api.ACTIVE_IMPORT_APPLY_JOB, run: runApplyActiveImport });
  registerRawRoute(app, s, api.uploadActiveStudentImport, async (ctx, req, reply) =>
    answerJob(
      reply,
      await startActiveImportUpload(ctx, await readImportUpload(req, ACTIVE_IMPORT_MAX_BYTES, api.ACTIVE_IMPORT_MSG_API.fileRequired)),
    ),
  );
  // The campus pushes the whole feed in one body: this route alone takes more than the API's usual 1 MB.
  void app.register((scoped, _opts, done) => {
    scoped.addHook('onRoute', (route) => {
      route.bodyLimit = ACTIVE_IMPORT_MAX_JSON_BYTES;
    });
    registerRoute(scoped, s, api.pushActiveStudents, (ctx, { body }) => startActiveImportPush(ctx, body), { startsJob: true });
    done();
  });
  registerRoute(app, s, api.listActiveStudentImports, (ctx, { query }) => listActiveImports(ctx, query));
  registerRoute(app, s, api.getActiveStudentImport, (ctx, { params }) => getActiveImport(ctx, params.importId));
  registerRoute(app, s, api.listActiveStudentImportRows, (ctx, { params, query }) => listActiveImportRows(ctx, params.importId, query));
  registerRoute(app, s, api.excludeActiveStudentImportRows, (ctx, { params, body }) => excludeActiveImportRows(ctx, params.importId, body));
  registerRoute(app, s, api.applyActiveStudentImport, (ctx, { params }) => startApplyActiveImport(ctx, params.importId), {
    startsJob: true,
  });
  registerRoute(app, s, api.discardActiveStudentImport, (ctx, { params }) => discardActiveImport(ctx, params.importId));
}
