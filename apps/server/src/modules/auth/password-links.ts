import { and, desc, eq, isNull } from 'drizzle-orm';
import { SESSION } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import { queueMail } from '../../platform/mail/mailer.js';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
import { loadSettings } from '../institutions/index.js';
import { passwordLinks } from './schema.js';

export type TLinkPurpose = 'reset' | 'invite';
interface TLinkUser {
  id: string;
  email: string;
  firstName: string;
  role: string;
}

/**
 * Creates a single-use link for one user and purpose, retiring earlier unused ones of the same
 * purpose, and e-mails it. The address comes from the institution's configured public address,
 * never from the request's Host header.
 */
export async function sendPasswordLink(tx: TTx, ctx: TContext, user: TLinkUser, purpose: TLinkPurpose): Promise<void> {
  const token = randomToken(32);
  const ttl = purpose === 'invite' ? SESSION.inviteLinkTtlS : SESSION.resetLinkTtlS;
  await tx
    .update(passwordLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordLinks.userId, user.id), eq(passwordLinks.purpose, purpose), isNull(passwordLinks.usedAt)));
  await tx.insert(passwordLinks).values({
    institutionId: ctx.institutionId,
    userId: user.id,
    tokenHash: hashToken(token),
    purpose,
    expiresAt: new Date(Date.now() + ttl * 1000),
  });
  const settings = await loadSettings(tx, ctx.institutionId);
  const area = user.role === 'ISSSstudent' ? 'login/student' : 'login';
  const url = `${settings.publicBaseUrl.replace(/\/+$/, '')}/#/${area}/pass-reset/${token}`;
  const hours = Math.round(ttl / 3600);
  const subject = purpose === 'invite' ? `${settings.accountName}: set up your account` : `${settings.accountName}: reset your password`;
  const lead =
    purpose === 'invite'
      ? `You have been invited to the ${settings.accountName} international student and scholar portal.\nSet your password with this link:`
      : `We received a request to reset the password of your ${settings.accountName} portal account.\nChoose a new password with this link:`;
  const text = `Hello ${user.firstName},\n\n${lead}\n\n${url}\n\nThe link works once and expires in ${hours} ${hours === 1 ? 'hour' : 'hours'}. If you did not expect this message, you can ignore it.\n`;
  await queueMail(
    tx,
    ctx.institutionId,
    { to: user.email, subject, text, purpose: `password-link:${purpose}` },
    !!ctx.services.config.smtpUrl,
  );
}

/** When the newest invitation link of a user was sent (null: never). */
export async function latestInviteSentAt(tx: TTx, userId: string): Promise<Date | null> {
  const [link] = await tx
    .select({ at: passwordLinks.createdAt })
    .from(passwordLinks)
    .where(and(eq(passwordLinks.userId, userId), eq(passwordLinks.purpose, 'invite')))
    .orderBy(desc(passwordLinks.createdAt))
    .limit(1);
  return link?.at ?? null;
}
