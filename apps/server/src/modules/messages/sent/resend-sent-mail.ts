import { messagesApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { requeueFailedMail } from '../../../platform/mail/mail-log.js';
import { presentDetail } from './get-sent-mail.js';
import { getAccessibleMail } from './sent-mail.policy.js';

/**
 * Queues a failed message again (docs/product/messages.md#sending-again): its tries start over and the
 * delivery job takes it up at once; the same message (the same Message-ID), audited with the answer it had.
 */
export async function resendSentMail(ctx: TContext, messageId: string): Promise<messagesApi.TSentMailDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const m = await getAccessibleMail(tx, ctx, messageId);
    if (m.status !== 'failed') throw new AppError(422, 'VALIDATION', messagesApi.MSG_SENT_MAIL.resendOnlyFailed);
    if (!ctx.services.config.smtpUrl) throw new AppError(422, 'VALIDATION', messagesApi.MSG_SENT_MAIL.noMailServer);
    const row = await requeueFailedMail(tx, m.id);
    if (!row) throw new AppError(422, 'VALIDATION', messagesApi.MSG_SENT_MAIL.resendOnlyFailed);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'email',
      entityId: m.id,
      action: 'email.resent',
      before: { status: m.status, lastError: m.lastError, smtpResponse: m.smtpResponse, attempts: m.attempts },
      after: { status: 'queued', to: m.toAddress, subject: m.subject },
      ip: ctx.ip,
    });
    return presentDetail(tx, ctx, row);
  });
}
