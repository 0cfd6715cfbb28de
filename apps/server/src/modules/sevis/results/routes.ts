import type { FastifyInstance } from 'fastify';
import { sevisApi } from '@meridian/domain';
import { answerJob, registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import { registerJobKind } from '../../../platform/jobs/runner.js';
import type { TServices } from '../../../platform/http/context.js';
import { listSystemErrors } from './operations/list-system-errors.js';
import { getTransactionLog } from './operations/get-transaction-log.js';
import { listTransactionLogs } from './operations/list-transaction-logs.js';
import { IMPORT_TRANSACTION_LOG_JOB, importTransactionLog, startImportTransactionLog } from './operations/import-transaction-log.js';
import { fetchBatchResults } from './operations/fetch-batch-results.js';
import { getTransportStatus } from './operations/get-transport-status.js';
import { sendBatchToSevis } from './operations/send-batch-to-sevis.js';
import { readOneFile, type TUploadJobInput } from '../file-upload.js';

/** The sevis module's results routes (docs/product/sevis-results.md): transaction logs, System Errors, the batch interface. */
export function resultsRoutes(app: FastifyInstance, s: TServices): void {
  registerJobKind<TUploadJobInput>({ kind: IMPORT_TRANSACTION_LOG_JOB, run: importTransactionLog });
  registerRawRoute(app, s, sevisApi.importTransactionLog, async (ctx, req, reply) =>
    answerJob(
      reply,
      await startImportTransactionLog(ctx, await readOneFile(req, sevisApi.TRANSLOG_MAX_BYTES, sevisApi.TRANSLOG_MSG.fileRequired)),
    ),
  );
  registerRoute(app, s, sevisApi.listTransactionLogs, (ctx, { query }) => listTransactionLogs(ctx, query));
  registerRoute(app, s, sevisApi.getTransactionLog, (ctx, { params }) => getTransactionLog(ctx, params.logId));
  registerRoute(app, s, sevisApi.listSystemErrors, (ctx, { query }) => listSystemErrors(ctx, query));
  registerRoute(app, s, sevisApi.getTransportStatus, () => Promise.resolve(getTransportStatus()));
  registerRoute(app, s, sevisApi.sendBatchToSevis, (ctx, { params }) => sendBatchToSevis(ctx, params.batchRowId));
  registerRoute(app, s, sevisApi.fetchBatchResults, (ctx, { params }) => fetchBatchResults(ctx, params.batchRowId));
}
