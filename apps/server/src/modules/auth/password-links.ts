import { and, desc, eq, isNull } from 'drizzle-orm';
import { SESSION } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
import { loadSettings, queueBrandedMail } from '../institutions/index.js';
import { users } from '../people/index.js';
import { formatMergeValues, renderSystemMessage } from '../messages/index.js';
import { passwordLinks } from './schema.js';

export type TLinkPurpose = 'reset' | 'invite' | 'sign-in';
interface TLinkUser {
  id: string;
  email: string;
  firstName: string;
  lastName?: string | undefined;
  userName?: string | undefined;
  role: string;
}

/** Each link's message, which the office may reword (docs/product/messages.md#system-messages). */
const MESSAGE = { invite: 'account.invitation', reset: 'account.passwordReset', 'sign-in': 'account.signInLink' } as const;
const ROLE_LABEL: Record<string, string> = {
  ISSSstudent: 'Student',
  scholar: 'Scholar',
  department: 'Department user',
  isssAdmin: 'Office staff',
  advisor: 'Approver',
};

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

/** The name of the staff member or department user sending an invitation ('' when no one signed in sent it). */
async function inviterName(tx: TTx, ctx: TContext): Promise<string> {
  if (!ctx.actor) return '';
  const [u] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, ctx.actor.userId));
  return u ? [u.first, u.last].filter(Boolean).join(' ') : '';
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
  const expiresAt = new Date(Date.now() + ttl * 1000);
  await tx.insert(passwordLinks).values({
    institutionId: ctx.institutionId,
    userId: user.id,
    tokenHash: hashToken(token),
    purpose,
    expiresAt,
  });
  const area = user.role === 'ISSSstudent' ? 'login/student' : 'login';
  const page = purpose === 'sign-in' ? 'sign-in' : 'pass-reset';
  const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
  const url = `${base}/#/${area}/${page}/${token}`;
  const values = formatMergeValues(
    {
      'general.recipientName': [user.firstName, user.lastName].filter(Boolean).join(' '),
      'account.firstName': user.firstName,
      'account.lastName': user.lastName ?? '',
      'account.userName': user.userName ?? '',
      'account.email': user.email,
      'account.loginLink': `${base}/#/${area}`,
      'account.resetLink': url,
      'account.linkValidFor': duration(ttl),
      'account.linkExpires': expiresAt,
      ...(purpose === 'invite'
        ? {
            'invite.link': url,
            'invite.expires': expiresAt,
            'invite.role': ROLE_LABEL[user.role] ?? user.role,
            'invite.invitedBy': await inviterName(tx, ctx),
          }
        : {}),
    },
    ctx.timeZone,
  );
  const mail = await renderSystemMessage(tx, ctx, MESSAGE[purpose], values);
  await queueBrandedMail(tx, ctx, {
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    bodyHtml: mail.html,
    purpose: `password-link:${purpose}`,
    userId: user.id,
  });
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
