import { eq } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { conflict } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { markSevisEventsSent } from '../../../students/index.js';
import { sevisBatches, sevisBatchRecords } from '../../schema.js';
import { sevisTransport, TransportError } from '../../transport/sevis-transport.js';
import { TRANSLOG_MSG, assertSender, loadBatch, unavailable, uploadAnswerCode } from '../batch-transport.js';

/**
 * "Send to SEVIS": uploads a pending batch through the batch interface. Accepted (S0000) → Sent –
 * awaiting results, as "mark sent" does by hand; a refusal of the whole upload (e.g. S0010 duplicate
 * batch id, S0013 schema) leaves the batch pending with SEVIS's code on it, so nothing is lost.
 */
export async function sendBatchToSevis(ctx: TContext, batchRowId: string): Promise<sevisApi.TSendBatchOutput> {
  const t = sevisTransport();
  const batch = await ctx.db(async (tx) => {
    const b = await loadBatch(tx, ctx, batchRowId);
    await assertSender(tx, ctx, b);
    if (!t.isConfigured) throw conflict(TRANSLOG_MSG.notConfigured);
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
