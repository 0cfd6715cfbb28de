import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { hashToken, randomToken } from '../../../../platform/auth/tokens.js';
import type { TContext } from '../../../../platform/http/context.js';
import { createStaffJustInTime, type TUserRow } from '../../../people/index.js';
import { ssoLogins } from '../../schema.js';
import { findAccountByUserName, PORTAL_ROLES } from '../../sign-in-account.js';
import type { TSsoRow } from '../sso-config.js';

export type TSsoProblem = 'notConfigured' | 'notLinked' | 'failed' | 'expired';

/** Where the browser goes: the provider's sign-in page, or back to the login page with the reason. */
export type TSsoRedirect = { to: string } | { problem: TSsoProblem };

/** Who the identity provider says signed in, in the same terms for OpenID Connect and SAML. */
export interface TSsoIdentity {
  /** The configured immutable identifier (an eduPersonPrincipalName, employee ID, …); compared to user names without case. */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  /** eduPersonAffiliation values (student, staff, faculty, employee, member, …), lower case. */
  affiliations: string[];
  /** How the person proved who they are, as amr values (e.g. ['mfa']); null when the provider does not say. */
  amr: string[] | null;
}

/** Affiliations for which an account may be made on first sign-in: the office's own colleagues, never students. */
const STAFF_AFFILIATIONS = new Set(['staff', 'employee', 'faculty']);

/**
 * The account a verified identity signs in to: an existing, active account of an allowed kind whose
 * user name is the identifier (never matched by e-mail). When the institution allows it, a staff
 * member with no account gets one with no permissions (docs/product/single-sign-on.md#accounts-made-on-first-sign-in).
 */
export async function linkAccount(ctx: TContext, row: TSsoRow, who: TSsoIdentity, source: string): Promise<TUserRow | null> {
  const subject = who.subject.trim();
  let user = subject ? await ctx.db((tx) => findAccountByUserName(tx, subject)) : null;
  if (
    !user &&
    subject &&
    row.jitEnabled &&
    row.allowedRoles.includes('isssAdmin') &&
    who.email.includes('@') &&
    who.affiliations.some((a) => STAFF_AFFILIATIONS.has(a))
  ) {
    user = await ctx.db(async (tx) => {
      const made = await createStaffJustInTime(tx, ctx.institutionId, {
        userName: subject.slice(0, 200),
        email: who.email.slice(0, 254),
        firstName: (who.firstName || subject).slice(0, 100),
        lastName: (who.lastName || '-').slice(0, 100),
      });
      if (made) {
        await writeAudit(tx, {
          institutionId: ctx.institutionId,
          actorUserId: null,
          entityType: 'user',
          entityId: made.id,
          action: 'auth.sso.account-created',
          after: { userName: made.userName, email: made.email, role: made.role, permissions: 'none', source },
          ip: ctx.ip,
        });
      }
      return made;
    });
  }
  if (!user || !user.isActive || !PORTAL_ROLES.has(user.role) || !row.allowedRoles.includes(user.role)) {
    await ssoAudit(ctx, user?.id ?? null, 'auth.sso.not-linked', { subject: subject.slice(0, 120), source });
    return null;
  }
  await ssoAudit(ctx, user.id, 'auth.sso.verified', { source, amr: who.amr });
  return user;
}

/** Hands the browser a one-time code for the completed sign-in; its page trades it for a session. */
export async function handOff(
  ctx: TContext,
  loginId: string,
  portal: string,
  user: TUserRow,
  extra: { amr: string[] | null; nameId?: string | null; sessionIndex?: string | null },
): Promise<{ to: string }> {
  const handoff = randomToken(32);
  await ctx.db((tx) =>
    tx
      .update(ssoLogins)
      .set({
        userId: user.id,
        handoffHash: hashToken(handoff),
        amr: extra.amr ? extra.amr.map(String).slice(0, 20) : null,
        nameId: extra.nameId ?? null,
        sessionIndex: extra.sessionIndex ?? null,
      })
      .where(eq(ssoLogins.id, loginId)),
  );
  const area = portal === 'student' ? 'login/student' : 'login';
  return { to: `/#/${area}/sso/${handoff}` };
}

export async function ssoAudit(ctx: TContext, userId: string | null, action: string, after: Record<string, unknown>): Promise<void> {
  await ctx.db((tx) =>
    writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: null,
      entityType: userId ? 'user' : 'login',
      entityId: userId ?? 'single-sign-on',
      action,
      after,
      ip: ctx.ip,
    }),
  );
}
