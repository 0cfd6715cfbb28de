import { and, eq } from 'drizzle-orm';
import { canActOnSite, sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, conflict, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { markSevisEventsSent } from '../../students/index.js';
import { sevisBatches, sevisBatchRecords, sevisSenders, sevisSettings } from '../schema.js';
import { sevisTransport, TransportError } from '../transport/sevis-transport.js';
import { applyTransLog, sha256Of } from './translog-import.js';
import { batchOutcome, parseTransLog, readTransLogUpload, validateTransLog } from './translog-parse.js';
import { storePrintedForms } from './translog-forms.js';

const M = sevisApi.TRANSLOG_MSG;
const unavailable = (message: string) => new AppError(502, 'SEVIS_UNAVAILABLE', message);

export function getTransportStatus(): sevisApi.TTransportStatus {
  const t = sevisTransport();
  return { isConfigured: t.isConfigured, url: t.url };
}

/** A batch the actor may work on (its campus site with the sevisBatch flag), else 404. */
async function loadBatch(tx: TTx, ctx: TContext, batchRowId: string, lock = false) {
  const q = tx
    .select({ b: sevisBatches, siteId: sevisSettings.campusSiteId })
    .from(sevisBatches)
    .innerJoin(sevisSettings, eq(sevisSettings.id, sevisBatches.settingsId))
    .where(eq(sevisBatches.id, batchRowId));
  const [row] = lock ? await q.for('update', { of: sevisBatches }) : await q;
  if (!row || !canActOnSite(requireActor(ctx).staff, row.siteId, 'sevisBatch')) throw notFound();
  return row.b;
}

/** Sending needs the SEVIS Permissions too: a DSO for a student batch, an ARO for an exchange-visitor one (super users always). */
async function assertSender(tx: TTx, ctx: TContext, kind: string) {
  const actor = requireActor(ctx);
  if (actor.staff?.isSuper) return;
  const [s] = await tx
    .select({ id: sevisSenders.userId })
    .from(sevisSenders)
    .where(and(eq(sevisSenders.userId, actor.userId), eq(sevisSenders.kind, kind === 'ev' ? 'ARO' : 'DSO')));
  // 409, not 403: the route is allowed; what is missing is a SEVIS Permissions entry the office can add.
  if (!s) throw new AppError(409, 'NOT_A_SENDER', M.noSender);
}

/** The result code of SEVIS's answer to an upload (its transaction log), or '' when it sent none we can read. */
async function uploadAnswerCode(body: Buffer): Promise<{ code: string; message: string }> {
  try {
    const xml = body.toString('utf8');
    await validateTransLog(xml);
    // The answer to an upload carries the Upload result only (S0000 accepted; S0010, S0012, S0013... refused).
    const code = parseTransLog(xml).uploadCode;
    return { code, message: sevisApi.SEVIS_BATCH_RESULT_CODES[code] ?? '' };
  } catch {
    return { code: '', message: '' };
  }
}

/**
 * "Send to SEVIS": uploads a pending batch through the batch interface. Accepted (S0000) → Sent –
 * awaiting results, as "mark sent" does by hand; a refusal of the whole upload (e.g. S0010 duplicate
 * batch id, S0013 schema) leaves the batch pending with SEVIS's code on it, so nothing is lost.
 */
export async function sendBatchToSevis(ctx: TContext, batchRowId: string): Promise<sevisApi.TSendBatchOutput> {
  const t = sevisTransport();
  const batch = await ctx.db(async (tx) => {
    const b = await loadBatch(tx, ctx, batchRowId);
    await assertSender(tx, ctx, b.kind);
    if (!t.isConfigured) throw conflict(M.notConfigured);
    if (b.status !== 'pending') throw conflict('This batch was sent already: fetch its results instead.');
    if (!b.xml) throw conflict('This batch has no XML to send.');
    return b;
  });
  let answer;
  try {
    answer = await t.upload({ orgId: batch.orgId, batchId: batch.batchId, userId: batch.sevisUserId, xml: batch.xml });
  } catch (e) {
    throw unavailable(e instanceof TransportError ? e.message : 'SEVIS could not be reached.');
  }
  const { code, message } = await uploadAnswerCode(answer.body);
  if (answer.status >= 400 && !code)
    throw unavailable(`SEVIS answered ${answer.status}; the batch stays pending. Try again later or upload it by hand.`);
  const accepted = code === 'S0000';
  const now = new Date();
  return ctx.db(async (tx) => {
    const b = await loadBatch(tx, ctx, batchRowId, true);
    if (accepted) {
      if (b.status === 'pending') {
        await tx
          .update(sevisBatches)
          .set({
            status: 'sent',
            sentVia: 'transport',
            sentBy: ctx.actor!.userId,
            sentAt: now,
            resultCode: '',
            resultMessage: '',
            updatedAt: now,
          })
          .where(eq(sevisBatches.id, b.id));
        const recs = await tx
          .select({ eventId: sevisBatchRecords.eventId })
          .from(sevisBatchRecords)
          .where(eq(sevisBatchRecords.batchRowId, b.id));
        await markSevisEventsSent(
          tx,
          recs.map((r) => r.eventId),
          now,
        );
      }
    } else {
      await tx
        .update(sevisBatches)
        .set({ resultCode: code || 'S0001', resultMessage: message || 'Upload refused', updatedAt: now })
        .where(eq(sevisBatches.id, b.id));
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor!.userId,
      entityType: 'sevis_batch',
      entityId: b.id,
      action: accepted ? 'sevis.batch.sent' : 'sevis.batch.send-refused',
      before: { status: b.status },
      after: { status: accepted ? 'sent' : b.status, via: 'transport', resultCode: code, httpStatus: answer.status },
      ip: ctx.ip,
    });
    return {
      batchRowId: b.id,
      status: accepted ? 'sent' : b.status,
      resultCode: code,
      message: accepted
        ? 'SEVIS accepted the batch; its results usually come the next business day.'
        : `SEVIS refused the upload (${code || answer.status} ${message}); the batch stays pending.`,
    };
  });
}

/** "Fetch results": downloads a sent batch's results and imports the transaction log (as an upload by hand would). */
export async function fetchBatchResults(ctx: TContext, batchRowId: string): Promise<sevisApi.TFetchResultsOutput> {
  const t = sevisTransport();
  const batch = await ctx.db(async (tx) => {
    const b = await loadBatch(tx, ctx, batchRowId);
    if (!t.isConfigured) throw conflict(M.notConfigured);
    if (b.status === 'pending') throw conflict(M.notSent);
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
  const up = readTransLogUpload(fileName, answer.body);
  await validateTransLog(up.xml);
  const log = parseTransLog(up.xml);
  if (log.batchId !== batch.batchId || log.orgId !== batch.orgId) throw unavailable('SEVIS answered with the log of another batch.');
  const outcome = batchOutcome(log);
  if (outcome.kind === 'not-processed') return { isReady: false, message: M.notProcessed, result: null };
  const result = await ctx.db((tx) => applyTransLog(tx, ctx, log, sha256Of(up.xml), fileName));
  const stored = !result.isDuplicate && up.forms.length ? await storePrintedForms(ctx, result.records, up.forms) : 0;
  return { isReady: true, message: result.message, result: { ...result, formsFound: up.forms.length, formsStored: stored } };
}
