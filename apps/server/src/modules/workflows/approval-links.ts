import { eq } from 'drizzle-orm';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
import type { TTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type TContext } from '../../platform/http/context.js';
import { loadSettings, queueBrandedMail } from '../institutions/index.js';
import { renderSystemMessage } from '../messages/index.js';
import { notify } from '../notifications/index.js';
import { type TRequestRow } from '../requests/index.js';
import { approvalLinks, approvals } from './schema.js';

/** An approval link works for a week. */
export const LINK_TTL_MS = 7 * 24 * 3600 * 1000;
export const LINK_INVALID = 'This approval link is not valid. Please use the link from your most recent e-mail.';
export const LINK_EXPIRED = 'This approval link has expired. Please ask the office to send a new one.';
export const LINK_USED = 'This approval link has already been used. Each link works once.';
export const ALREADY_DECIDED = 'This approval has already been decided or is no longer needed.';

/** One approver's approval of one step of a request's chain. */
export type TApproval = typeof approvals.$inferSelect;

/** E-mails one approver a single-use link bound to their approval (one approver, one step). */
export async function sendApprovalLink(tx: TTx, ctx: TContext, a: TApproval, r: TRequestRow, typeName: string) {
  const token = randomToken(32);
  await tx.insert(approvalLinks).values({
    institutionId: ctx.institutionId,
    approvalId: a.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_TTL_MS),
  });
  const settings = await loadSettings(tx, ctx.institutionId);
  // The configured address, never the request's Host header.
  const url = `${settings.publicBaseUrl.replace(/\/+$/, '')}/?fuseaction=scholarportal.approvalreview#/advisor-approval/${token}`;
  // The office's wording of this system message, or the default (docs/product/messages.md#system-messages).
  const mail = await renderSystemMessage(tx, ctx, 'approval.needed', {
    'general.institutionName': settings.accountName,
    'request.number': String(r.number),
    'request.type': typeName,
    'approval.approverName': a.approverName,
    'approval.link': url,
  });
  await queueBrandedMail(tx, ctx, {
    to: a.approverEmail,
    subject: mail.subject,
    text: mail.text,
    bodyHtml: mail.html,
    purpose: 'approval-link',
    requestId: r.id,
    profileId: r.profileId,
  });
  if (a.approverUserId) {
    await notify(tx, ctx, {
      userIds: [a.approverUserId],
      text: `Your approval is needed for ${typeName} request #${r.number}.`,
      typeName: 'approval.requested',
      requestId: r.id,
      profileId: r.profileId,
    });
  }
}

/** Finds a usable link; every refusal has its own clear message, none changes anything. */
export async function usableLink(tx: TTx, token: string, lock: boolean) {
  const q = tx
    .select()
    .from(approvalLinks)
    .where(eq(approvalLinks.tokenHash, hashToken(token)));
  const [link] = lock ? await q.for('update') : await q;
  if (!link) throw new AppError(400, 'LINK_INVALID', LINK_INVALID);
  if (link.usedAt) throw new AppError(409, 'LINK_USED', LINK_USED);
  if (link.expiresAt.getTime() <= Date.now()) throw new AppError(410, 'LINK_EXPIRED', LINK_EXPIRED);
  const [a] = await tx.select().from(approvals).where(eq(approvals.id, link.approvalId));
  if (!a || a.status !== 'pending') throw new AppError(409, 'LINK_USED', ALREADY_DECIDED);
  return { link, approval: a };
}
