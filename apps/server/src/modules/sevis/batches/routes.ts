import type { FastifyInstance } from 'fastify';
import { sevisApi } from '@meridian/domain';
import { registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { createBatches, CREATE_BATCHES_JOB, startCreateBatches } from './operations/create-batches.js';
import { registerJobKind } from '../../../platform/jobs/runner.js';
import { downloadBatchXml } from './operations/download-batch-xml.js';
import { getBatch } from './operations/get-batch.js';
import { listBatches } from './operations/list-batches.js';
import { listPendingEvents } from './operations/list-pending-events.js';
import { listPendingGroups } from './operations/list-pending-groups.js';
import { markBatchSent } from './operations/mark-batch-sent.js';
import { listRegistrationCandidates } from './operations/list-registration-candidates.js';
import { queueRegistrationEvents } from './operations/queue-registration-events.js';
import { listValidationCandidates } from './operations/list-validation-candidates.js';
import { queueValidationEvents } from './operations/queue-validation-events.js';
import { requeueSevisEvent } from './operations/requeue-sevis-event.js';
import { cancelSevisEvent } from './operations/cancel-sevis-event.js';
import { REBUILD_BATCH_JOB, rebuildBatch, startRebuildBatch } from './operations/rebuild-batch.js';

/** The sevis module's batches routes: Batch Manager, SEVIS Registration and SEVIS Validation. */
export function batchesRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, sevisApi.listPendingGroups, (ctx) => listPendingGroups(ctx));
  registerRoute(app, s, sevisApi.listPendingEvents, (ctx, { query }) => listPendingEvents(ctx, query));
  registerJobKind<sevisApi.TCreateBatchesInput>({
    kind: CREATE_BATCHES_JOB,
    run: ({ ctx, input, progress }) => createBatches(ctx, input, progress),
  });
  registerRoute(app, s, sevisApi.createBatches, (ctx, { body }) => startCreateBatches(ctx, body), { startsJob: true });
  registerRoute(app, s, sevisApi.listBatches, (ctx, { query }) => listBatches(ctx, query));
  registerRoute(app, s, sevisApi.getBatch, (ctx, { params }) => getBatch(ctx, params.batchRowId));
  registerRawRoute(app, s, sevisApi.downloadBatchXml, async (ctx, req, reply) => {
    const params = sevisApi.downloadBatchXml.params!.safeParse(req.params);
    if (!params.success) throw notFound();
    const file = await downloadBatchXml(ctx, params.data.batchRowId);
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .send(file.xml);
  });
  registerRoute(app, s, sevisApi.markBatchSent, (ctx, { params }) => markBatchSent(ctx, params.batchRowId));
  registerRoute(app, s, sevisApi.listRegistrationCandidates, (ctx, { query }) => listRegistrationCandidates(ctx, query));
  registerRoute(app, s, sevisApi.queueRegistrationEvents, (ctx, { body }) => queueRegistrationEvents(ctx, body));
  registerRoute(app, s, sevisApi.listValidationCandidates, (ctx, { query }) => listValidationCandidates(ctx, query));
  registerRoute(app, s, sevisApi.queueValidationEvents, (ctx, { body }) => queueValidationEvents(ctx, body));
  registerRoute(app, s, sevisApi.requeueSevisEvent, (ctx, { params }) => requeueSevisEvent(ctx, params.eventId));
  registerRoute(app, s, sevisApi.cancelSevisEvent, (ctx, { params, body }) => cancelSevisEvent(ctx, params.eventId, body));
  registerJobKind<{ batchRowId: string }>({
    kind: REBUILD_BATCH_JOB,
    run: ({ ctx, input, progress, completeIn }) => rebuildBatch(ctx, input.batchRowId, { progress, completeIn }),
  });
  registerRoute(app, s, sevisApi.rebuildBatch, (ctx, { params }) => startRebuildBatch(ctx, params.batchRowId), { startsJob: true });
}
