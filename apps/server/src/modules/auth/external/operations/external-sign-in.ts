import { lt } from 'drizzle-orm';
import { authApi, type TSession } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { hashToken } from '../../../../platform/auth/tokens.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { externalLoginUses } from '../../schema.js';
import { openSession } from '../../session.service.js';
import { hasTwoSteps, openChallenge } from '../../mfa/mfa.js';
import { findAccountByUserName, PORTAL_ROLES } from '../../sign-in-account.js';
import { algorithmOf, expectedAudiences, loadExternalLoginRow, portalAddress, sharedSecretOf } from '../external-config.js';
import { unverifiedFacts, verifyProxyToken } from '../verify-token.js';

type TProblem = authApi.TExternalLoginProblem;

/** How a proxy says the person proved who they are with a second factor (OIDC amr values, RFC 8176). */
const SECOND_FACTOR = ['mfa', 'otp', 'hwk', 'swk', 'fpt', 'face', 'sc'];

const refused = (problem: TProblem) => new AppError(401, authApi.EXTERNAL_LOGIN_CODES[problem], authApi.MSG_EXTERNAL_LOGIN[problem]);

/** A cookie value as the browser sent it: a quoted value (RFC 6265) loses its quotes. */
export function tokenOfCookie(raw: string | undefined): string {
  const v = (raw ?? '').trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
}

/**
 * Campus web sign-in (docs/product/external-login.md#how-it-works): the token the campus proxy set in the AUTHN
 * cookie is checked (signature, issuer, audience, age), the person it names is found by the configured claim
 * (never by e-mail) and must be an active account of an allowed kind; the token is used up, and a session
 * opens as with the other sign-ins, or the second step when the person has one and the proxy does not vouch
 * for a second factor. Every refusal is audited (never the token) and answered with its message.
 */
export async function externalSignIn(ctx: TContext, cookie: string | undefined): Promise<{ session: TSession | authApi.TMfaChallenge }> {
  const token = tokenOfCookie(cookie);
  const setup = await ctx.db(async (tx) => {
    const row = await loadExternalLoginRow(tx);
    return row ? { row, base: await portalAddress(tx, ctx.institutionId) } : null;
  });
  if (!setup?.row.enabled) return refuse(ctx, 'off', { reason: 'turned-off' });
  if (!token) return refuse(ctx, 'noCookie', { reason: 'no-cookie' });
  const { row, base } = setup;
  const algorithm = algorithmOf(row);
  const key = algorithm === 'HS256' ? sharedSecretOf(ctx.services.tokens, row) : row.publicKey;
  if (!key) return refuse(ctx, 'invalid', { reason: 'no-key', ...unverifiedFacts(token) });
  const checked = await verifyProxyToken(token, { algorithm, key, issuer: row.issuer, audiences: expectedAudiences(row, base) });
  if (!checked.ok) return refuse(ctx, checked.problem, { reason: checked.reason, ...unverifiedFacts(token) });
  const claims = checked.claims;

  const named = claims[row.matchClaim];
  const subject = typeof named === 'string' || typeof named === 'number' ? String(named).trim() : '';
  const facts = {
    claim: row.matchClaim,
    subject: subject.slice(0, 120),
    issuer: row.issuer,
    jti: typeof claims.jti === 'string' ? claims.jti.slice(0, 120) : null,
  };
  if (!subject) return refuse(ctx, 'notLinked', { reason: 'no-account-claim', ...facts });
  const user = await ctx.db((tx) => findAccountByUserName(tx, subject));
  if (!user) return refuse(ctx, 'notLinked', { reason: 'unknown-account', ...facts });
  if (!user.isActive) return refuse(ctx, 'notAllowed', { reason: 'inactive-account', ...facts }, user.id);
  if (!PORTAL_ROLES.has(user.role) || !row.allowedRoles.includes(user.role))
    return refuse(ctx, 'notAllowed', { reason: 'kind-not-allowed', role: user.role, ...facts }, user.id);

  const amr = Array.isArray(claims.amr) ? claims.amr.map(String).slice(0, 20) : null;
  // The token works once: its id (jti) or, without one, the token itself is kept by hash until it expires.
  const usedKey = hashToken(typeof claims.jti === 'string' && claims.jti ? `jti:${row.issuer}:${claims.jti}` : `token:${token}`);
  const expiresAt = new Date(Math.max(Number(claims.exp ?? 0), Number(claims.iat ?? 0) + authApi.EXTERNAL_LOGIN_MAX_AGE_S) * 1000);
  const answer = await ctx.db(async (tx) => {
    await tx
      .delete(externalLoginUses)
      .where(lt(externalLoginUses.expiresAt, new Date(Date.now() - authApi.EXTERNAL_LOGIN_CLOCK_SKEW_S * 1000)));
    const [first] = await tx
      .insert(externalLoginUses)
      .values({ institutionId: ctx.institutionId, tokenHash: usedKey, userId: user.id, expiresAt })
      .onConflictDoNothing()
      .returning({ tokenHash: externalLoginUses.tokenHash });
    if (!first) return null;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: null,
      entityType: 'user',
      entityId: user.id,
      action: 'auth.external.verified',
      after: { issuer: row.issuer, claim: row.matchClaim, amr },
      ip: ctx.ip,
    });
    // A proxy that vouches for a second factor (amr) is the second step; otherwise a person who set up
    // two-step sign-in is asked for it here too (docs/product/two-step-sign-in.md#signing-in).
    const proxyMfa = (amr ?? []).some((m) => SECOND_FACTOR.includes(m));
    if (!proxyMfa && (await hasTwoSteps(tx, user.id))) return { session: await openChallenge(tx, ctx, user) };
    return { session: await openSession(tx, ctx, user, { via: 'external-login', amr }) };
  });
  if (!answer) return refuse(ctx, 'used', { reason: 'replayed', ...facts }, user.id);
  return answer;
}

/** Audits a refusal in a transaction of its own (never the token), then refuses with its message. */
async function refuse(ctx: TContext, problem: TProblem, after: Record<string, unknown>, userId: string | null = null): Promise<never> {
  await ctx.db((tx) =>
    writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: null,
      entityType: userId ? 'user' : 'login',
      entityId: userId ?? 'external-login',
      action: 'auth.external.refused',
      after: { problem, ...after },
      ip: ctx.ip,
    }),
  );
  throw refused(problem);
}
