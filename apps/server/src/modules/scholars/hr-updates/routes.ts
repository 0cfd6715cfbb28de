import type { FastifyInstance } from 'fastify';
import { HR_FEED_MAX_BYTES, HR_FEED_MAX_JSON_BYTES, scholarsApi } from '@meridian/domain';
import { answerJob, registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { registerJobKind } from '../../../platform/jobs/runner.js';
import { readImportUpload } from '../../students/index.js';
import { runCompareHrImport, startHrFeedPush, startHrFeedUpload, type THrCompareJobInput } from './operations/compare-hr-import.js';
import { decideHrChanges } from './operations/decide-hr-changes.js';
import { listHrImportRows } from './operations/list-hr-import-rows.js';
import { getHrImport, listHrImports } from './operations/list-hr-imports.js';

const api = scholarsApi;

/** Scholar HR Updates (docs/product/scholar-hr-updates.md): HR's appointment feed compared with the cases, each change accepted or rejected. */
export function hrUpdateRoutes(app: FastifyInstance, s: TServices): void {
  registerJobKind<THrCompareJobInput>({ kind: api.HR_COMPARE_JOB, run: runCompareHrImport });
  registerRawRoute(app, s, api.uploadScholarHrFeed, async (ctx, req, reply) =>
    answerJob(reply, await startHrFeedUpload(ctx, await readImportUpload(req, HR_FEED_MAX_BYTES, api.HR_UPDATES_MSG.fileRequired))),
  );
  // HR pushes the whole feed in one body: this route alone takes more than the API's usual 1 MB.
  void app.register((scoped, _opts, done) => {
    scoped.addHook('onRoute', (route) => {
      route.bodyLimit = HR_FEED_MAX_JSON_BYTES;
    });
    registerRoute(scoped, s, api.pushScholarHrFeed, (ctx, { body }) => startHrFeedPush(ctx, body), { startsJob: true });
    done();
  });
  registerRoute(app, s, api.listScholarHrImports, (ctx, { query }) => listHrImports(ctx, query));
  registerRoute(app, s, api.getScholarHrImport, (ctx, { params }) => getHrImport(ctx, params.importId));
  registerRoute(app, s, api.listScholarHrImportRows, (ctx, { params, query }) => listHrImportRows(ctx, params.importId, query));
  registerRoute(app, s, api.decideScholarHrChanges, (ctx, { params, body }) => decideHrChanges(ctx, params.importId, body));
}
