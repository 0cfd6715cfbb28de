import { type sevisApi } from '@meridian/domain';
import { conflict } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { sevisTransport, TransportError } from '../../transport/sevis-transport.js';
import { applyUploadedLog } from './import-transaction-log.js';
import { batchOutcome, parseTransLog, readTransLogUpload, validateTransLog } from '../trans-log-parse.js';
import { TRANSLOG_MSG, loadBatch, unavailable } from '../batch-transport.js';

/** "Fetch results": downloads a sent batch's results and imports the transaction log (as an upload by hand would). */
export async function fetchBatchResults(ctx: TContext, batchRowId: string): Promise<sevisApi.TFetchResultsOutput> {
  const t = sevisTransport();
  const batch = await ctx.db(async (tx) => {
    const b = await loadBatch(tx, ctx, batchRowId);
    if (!t.isConfigured) throw conflict(TRANSLOG_MSG.notConfigured);
    if (b.status === 'pending') throw conflict(TRANSLOG_MSG.notSent);
    return b;
  });
  let answer;
  try {
    answer = await t.download({ orgId: batch.orgId, batchId: batch.batchId, userId: batch.sevisUserId });
  } catch (e) {
    throw unavailable(e instanceof TransportError ? e.message : 'SEVIS could not be reached.');
  }
  const isZip = answer.body.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (answer.status >= 400 && !answer.body.length) throw unavailable(`SEVIS answered ${answer.status}. Try again later.`);
  const fileName = `${batch.batchId}-results.${isZip ? 'zip' : 'xml'}`;
  const up = await readTransLogUpload(fileName, answer.body);
  await validateTransLog(up.xml);
  const log = parseTransLog(up.xml);
  if (log.batchId !== batch.batchId || log.orgId !== batch.orgId) throw unavailable('SEVIS answered with the log of another batch.');
  const outcome = batchOutcome(log);
  if (outcome.kind === 'not-processed') return { isReady: false, message: TRANSLOG_MSG.notProcessed, result: null };
  const result = await ctx.db((tx) => applyUploadedLog(tx, ctx, up, log));
  return { isReady: true, message: result.message, result };
}
