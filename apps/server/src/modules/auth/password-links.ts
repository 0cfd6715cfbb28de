import { and, desc, eq, isNull } from 'drizzle-orm';
import { SESSION } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
import { loadSettings, queueBrandedMail } from '../institutions/index.js';
import { passwordLinks } from './schema.js';

export type TLinkPurpose = 'reset' | 'invite' | 'sign-in';
interface TLinkUser {
  id: string;
  email: string;
  firstName: string;
  role: string;
}

const TTL_S: Record<TLinkPurpose, number> = {
  reset: SESSION.resetLinkTtlS,
  invite: SESSION.inviteLinkTtlS,
  'sign-in': SESSION.signInLinkTtlS,
};

/** "1 hour", "168 hours", "15 minutes". */
function duration(s: number): string {
  const [n, unit] = s >= 3600 ? [Math.round(s / 3600), 'hour'] : [Math.round(s / 60), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * Creates a single-use link for one user and purpose, retiring earlier unused ones of the same
 * purpose, and e-mails it. The address comes from the institution's configured public address,
 * never from the request's Host header. Reset and invitation links set a password; sign-in links
 * (docs/product/auth.md#sign-in-throttling) open a session without one.
 */
export async function sendPasswordLink(tx: TTx, ctx: TContext, user: TLinkUser, purpose: TLinkPurpose): Promise<void> {
  const token = randomToken(32);
  const ttl = TTL_S[purpose];
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
  const page = purpose === 'sign-in' ? 'sign-in' : 'pass-reset';
  const url = `${settings.publicBaseUrl.replace(/\/+$/, '')}/#/${area}/${page}/${token}`;
  const subject = {
    invite: `${settings.accountName}: set up your account`,
    reset: `${settings.accountName}: reset your password`,
    'sign-in': `${settings.accountName}: your sign-in link`,
  }[purpose];
  const lead = {
    invite: `You have been invited to the ${settings.accountName} international student and scholar portal.\nSet your password with this link:`,
    reset: `We received a request to reset the password of your ${settings.accountName} portal account.\nChoose a new password with this link:`,
    'sign-in': `Sign-ins to your ${settings.accountName} portal account are being slowed down after failed attempts, and you asked to sign in by e-mail instead.\nSign in with this link:`,
  }[purpose];
  const unexpected =
    purpose === 'sign-in'
      ? 'If you did not ask for it, someone may be trying to guess your password: you can ignore this message, or choose a new password with "Forgot your password?".'
      : 'If you did not expect this message, you can ignore it.';
  const text = `Hello ${user.firstName},\n\n${lead}\n\n${url}\n\nThe link works once and expires in ${duration(ttl)}. ${unexpected}\n`;
  await queueBrandedMail(tx, ctx, { to: user.email, subject, text, purpose: `password-link:${purpose}`, userId: user.id });
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
