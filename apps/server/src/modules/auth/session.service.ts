import { and, eq, isNull } from 'drizzle-orm';
import { SESSION, type TRole, type TSession } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
import { writeAudit } from '../../platform/audit/audit.js';
import { departments, recordSignIn, type users } from '../people/index.js';
import { refreshTokens, sessions } from './schema.js';
import { accountFacts } from './account-facts.js';

type TUserRow = typeof users.$inferSelect;

/** Issues a refresh token in a session family and stores only its hash. */
export async function issueRefreshToken(tx: TTx, institutionId: string, sessionId: string): Promise<string> {
  const token = randomToken(32);
  await tx.insert(refreshTokens).values({
    institutionId,
    sessionId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION.refreshTokenTtlS * 1000),
  });
  return token;
}

/** The session record the browser keeps, with the ids that post-login routing needs. */
export async function presentSession(tx: TTx, ctx: TContext, user: TUserRow, sessionId: string, refreshToken: string): Promise<TSession> {
  const { token, expireOn } = await ctx.services.tokens.issueAccess({
    sub: user.id,
    inst: ctx.institutionId,
    sid: sessionId,
    role: user.role,
  });
  const facts = await accountFacts(tx, user);
  const deptId = facts.departmentId ?? user.departmentId;
  const [dept] = deptId ? await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, deptId)) : [];
  return {
    type: 'session',
    tokenType: 'Bearer',
    accessToken: token,
    refreshToken,
    expiresIn: SESSION.accessTokenTtlS,
    expireOn,
    userId: user.id,
    userRole: user.role as TRole,
    clientId: ctx.institutionId,
    profileId: facts.profileId ?? null,
    scholarId: facts.scholarId ?? null,
    scholarApplicationId: facts.scholarApplicationId ?? null,
    department: dept?.name ?? null,
    processedState: user.role === 'scholar' ? (facts.processedState ?? '') : null,
    isssRequestId: null,
    isLoginFromTDS: false,
  };
}

/** How a provider says a second factor was used (OIDC amr values, RFC 8176; SAML AuthnContext mapped to them). */
const SECOND_FACTOR_AMR = ['mfa', 'otp', 'hwk', 'swk', 'fpt', 'face', 'sc'];

/**
 * Whether a sign-in gave a second step (docs/product/two-step-sign-in.md#confirm-its-you): a code or a
 * passkey after the password, or a single sign-on provider (or campus proxy) that vouched for one.
 */
export function gaveSecondStep(how: Record<string, unknown>): boolean {
  if (typeof how.secondStep === 'string') return true;
  return Array.isArray(how.amr) && how.amr.some((m) => SECOND_FACTOR_AMR.includes(String(m)));
}

/** Notes that this session just gave a second step (a step-up, or a method confirmed while signed in). */
export async function noteSecondStep(tx: TTx, sessionId: string): Promise<Date> {
  const at = new Date();
  await tx.update(sessions).set({ secondStepAt: at }).where(eq(sessions.id, sessionId));
  return at;
}

/**
 * Opens a session for a user who has shown who they are (password, or an e-mailed sign-in link),
 * notes the sign-in and audits it with how it was made; answers the session record the browser keeps.
 */
export async function openSession(tx: TTx, ctx: TContext, user: TUserRow, how: Record<string, unknown>): Promise<TSession> {
  const [s] = await tx
    .insert(sessions)
    .values({
      institutionId: ctx.institutionId,
      userId: user.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      secondStepAt: gaveSecondStep(how) ? new Date() : null,
    })
    .returning();
  await recordSignIn(tx, user.id);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: user.id,
    entityType: 'user',
    entityId: user.id,
    action: 'auth.login.succeeded',
    after: how,
    ip: ctx.ip,
  });
  const refreshToken = await issueRefreshToken(tx, ctx.institutionId, s!.id);
  return presentSession(tx, ctx, user, s!.id, refreshToken);
}

/** Ends every open session of a user (password change, deactivation). */
export async function revokeAllSessions(tx: TTx, userId: string, reason: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
