import { and, desc, eq, sql } from 'drizzle-orm';
import { messagesApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { startMassSendJob } from './create-mass-send.js';
import {
  countsOf,
  getVisibleSend,
  presentDetail,
  presentSend,
  RECIPIENT_STATE,
  senderNames,
  visibleSendsFilter,
} from './mass-send-store.js';
import { massSendRecipients, massSends } from './schema.js';

const M = messagesApi.MSG_MASS_EMAIL;

/** The mass notification log: the sends the actor sees, newest first, with their counts as they are now. */
export async function listMassSends(ctx: TContext, q: { page: number; pageSize: number }) {
  return ctx.db(async (tx) => {
    const where = visibleSendsFilter(ctx);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(massSends)
      .where(where);
    const rows = await tx
      .select()
      .from(massSends)
      .where(where)
      .orderBy(desc(massSends.createdAt), desc(massSends.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const counts = await countsOf(
      tx,
      rows.map((r) => r.id),
    );
    const names = await senderNames(
      tx,
      rows.map((r) => r.createdBy),
    );
    return {
      items: rows.map((r) => presentSend(r, counts.get(r.id), names.get(r.createdBy) ?? '(deleted user)')),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}

export async function getMassSend(ctx: TContext, id: string): Promise<messagesApi.TMassSendDetail> {
  return ctx.db(async (tx) => presentDetail(tx, await getVisibleSend(tx, ctx, id)));
}

/** Mass e-mail error details: the recipients of a send, filtered by outcome, each with its reason or the mail server's answer. */
export async function listMassRecipients(
  ctx: TContext,
  id: string,
  q: { page: number; pageSize: number; status?: messagesApi.TMassRecipientStatus | undefined },
) {
  return ctx.db(async (tx) => {
    await getVisibleSend(tx, ctx, id);
    const filter = q.status ? sql`and ${RECIPIENT_STATE} = ${q.status}` : sql``;
    const from = sql`from mass_send_recipients r left join outbox o on o.id = r.outbox_id where r.mass_send_id = ${id} ${filter}`;
    const { rows: countRows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n ${from}`);
    const { rows } = await tx.execute<{
      record_id: string;
      name: string;
      address: string;
      cc: string | null;
      state: messagesApi.TMassRecipientStatus;
      reason: string | null;
      smtp_response: string | null;
      last_error: string | null;
      outbox_id: string | null;
      sent_at: Date | string | null;
    }>(sql`select r.record_id, r.name, r.address, r.cc, ${RECIPIENT_STATE} as state, r.reason, o.smtp_response, o.last_error,
             r.outbox_id, o.sent_at
           ${from}
           order by (case ${RECIPIENT_STATE} when 'failed' then 0 else 1 end), r.name, r.record_id
           limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
    return {
      items: rows.map((r) => ({
        recordId: r.record_id,
        name: r.name,
        address: r.address,
        cc: r.cc,
        status: r.state,
        reason: r.reason ?? (r.state === 'failed' ? r.last_error : null),
        smtpResponse: r.smtp_response,
        messageId: r.outbox_id,
        sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      })),
      total: countRows[0]?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}

/** Cancels a scheduled send, or the rest of one being prepared: the recipients still waiting are skipped. */
export async function cancelMassSend(ctx: TContext, id: string): Promise<messagesApi.TMassSendDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const send = await getVisibleSend(tx, ctx, id, true);
    if (send.status !== 'scheduled' && send.status !== 'preparing') throw new AppError(422, 'VALIDATION', M.notCancellable);
    const skipped = await tx
      .update(massSendRecipients)
      .set({ status: 'skipped', reason: M.cancelled, updatedAt: sql`now()` })
      .where(and(eq(massSendRecipients.massSendId, id), eq(massSendRecipients.status, 'pending')))
      .returning({ id: massSendRecipients.id });
    const [row] = await tx
      .update(massSends)
      .set({ status: 'cancelled', finishedAt: sql`now()` })
      .where(eq(massSends.id, id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'massEmail',
      entityId: id,
      action: 'massEmail.cancelled',
      before: { status: send.status },
      after: { status: 'cancelled', skipped: skipped.length },
      ip: ctx.ip,
    });
    return presentDetail(tx, row!);
  });
}

/**
 * Sends the message again to the recipients that failed (docs/product/messages.md#the-mass-notification-log): they wait
 * again and a new run of the job makes each a new message; the failed message stays in the log beside it.
 */
export async function resendMassSend(ctx: TContext, id: string): Promise<messagesApi.TMassSendDetail> {
  const actor = requireActor(ctx);
  await ctx.db(async (tx) => {
    const send = await getVisibleSend(tx, ctx, id, true);
    if (send.status === 'scheduled' || send.status === 'preparing') throw new AppError(422, 'VALIDATION', M.stillPreparing);
    if (send.status === 'cancelled') throw new AppError(422, 'VALIDATION', M.nothingToResend);
    const again = await tx.execute<{ id: string }>(sql`
      update mass_send_recipients r set status = 'pending', outbox_id = null, reason = null, updated_at = now()
      where r.mass_send_id = ${id}
        and (r.status = 'failed' or (r.status = 'queued' and r.outbox_id in (select o.id from outbox o where o.status = 'failed')))
      returning r.id`);
    if (!again.rows.length) throw new AppError(422, 'VALIDATION', M.nothingToResend);
    await tx.update(massSends).set({ status: 'preparing', finishedAt: null }).where(eq(massSends.id, id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'massEmail',
      entityId: id,
      action: 'massEmail.resent',
      before: { status: send.status },
      after: { status: 'preparing', recipients: again.rows.length },
      ip: ctx.ip,
    });
  });
  await startMassSendJob(ctx, id);
  return getMassSend(ctx, id);
}
