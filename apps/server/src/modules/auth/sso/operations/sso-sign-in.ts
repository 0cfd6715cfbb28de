import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { authApi, type TSession } from '@meridian/domain';
import { hashToken } from '../../../../platform/auth/tokens.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { users } from '../../../people/index.js';
import { sessions, ssoLogins } from '../../schema.js';
import { openSession } from '../../session.service.js';
import { hasTwoSteps, openChallenge } from '../../mfa/mfa.js';
import { oidc, oidcConfiguration } from '../oidc.js';
import { clientOf, loadSsoRow, redirectUri } from '../sso-config.js';
import { handOff, linkAccount, ssoAudit, type TSsoRedirect } from './complete-sso.js';
import { startSaml } from './saml-sign-in.js';

/** From the redirect to the provider until its return: a person signing in there has this long. */
const RETURN_WITHIN_MIN = 10;
/** From the return until the page trades its one-time code. */
const HANDOFF_WITHIN_S = 120;

export type { TSsoProblem, TSsoRedirect } from './complete-sso.js';

/** Starts a sign-in at the provider: state, nonce and a PKCE verifier kept for the return (docs/product/single-sign-on.md#how-it-works). */
export async function startSso(
  ctx: TContext,
  input: { portal: 'scholar' | 'student'; returnTo?: string | undefined },
): Promise<TSsoRedirect> {
  if ((await ctx.db((tx) => loadSsoRow(tx)))?.kind === 'saml') return startSaml(ctx, input);
  const prepared = await ctx.db(async (tx) => {
    const row = await loadSsoRow(tx);
    if (!row?.enabled || row.kind !== 'oidc') return null;
    const c = clientOf(ctx.services.tokens, row);
    return c ? { row, c, redirect: await redirectUri(tx, ctx.institutionId) } : null;
  });
  if (!prepared) return { problem: 'notConfigured' };
  let config;
  try {
    config = await oidcConfiguration(prepared.c);
  } catch {
    return { problem: 'failed' };
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  await ctx.db((tx) =>
    tx.insert(ssoLogins).values({
      institutionId: ctx.institutionId,
      stateHash: hashToken(state),
      codeVerifier: verifier,
      nonce,
      portal: input.portal,
      returnTo: input.returnTo ?? null,
    }),
  );
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: prepared.redirect,
    scope: prepared.row.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { to: url.href };
}

/**
 * The provider's return: the code is traded for tokens and the ID token checked (signature, issuer,
 * audience, expiry, nonce; state and PKCE bind it to the start). The person is found by the configured
 * claim, never by e-mail, and must be an active account of an allowed kind. Nothing is signed in here
 * (this is a GET): the browser gets a one-time code its page trades for a session.
 */
export async function ssoCallback(ctx: TContext, query: Record<string, string>): Promise<TSsoRedirect & { portal?: string }> {
  const state = typeof query.state === 'string' ? query.state : '';
  const found = state
    ? await ctx.db(async (tx) => {
        const [login] = await tx
          .update(ssoLogins)
          .set({ returnedAt: new Date() })
          .where(
            and(
              eq(ssoLogins.stateHash, hashToken(state)),
              isNull(ssoLogins.returnedAt),
              gt(ssoLogins.createdAt, sql`now() - make_interval(mins => ${RETURN_WITHIN_MIN})`),
            ),
          )
          .returning();
        const row = await loadSsoRow(tx);
        return login && row?.enabled && row.kind === 'oidc' ? { login, row, redirect: await redirectUri(tx, ctx.institutionId) } : null;
      })
    : null;
  if (!found) return { problem: 'expired' };
  const { login, row } = found;
  const c = clientOf(ctx.services.tokens, row);
  if (!c) return { problem: 'failed', portal: login.portal };

  let claims: Record<string, unknown> | undefined;
  try {
    const config = await oidcConfiguration(c);
    const current = new URL(found.redirect);
    for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (e) {
    await ssoAudit(ctx, null, 'auth.sso.failed', { reason: e instanceof Error ? e.message.slice(0, 200) : 'unknown' });
    return { problem: 'failed', portal: login.portal };
  }
  const id = claims?.[row.matchClaim];
  const str = (k: string) => (typeof claims?.[k] === 'string' ? claims[k] : '');
  const aff = claims?.eduperson_affiliation;
  const amr = Array.isArray(claims?.amr) ? (claims.amr as unknown[]).map(String).slice(0, 20) : null;
  const user = await linkAccount(
    ctx,
    row,
    {
      subject: typeof id === 'string' || typeof id === 'number' ? String(id) : '',
      email: str('email'),
      firstName: str('given_name'),
      lastName: str('family_name'),
      affiliations: (Array.isArray(aff) ? aff : typeof aff === 'string' ? [aff] : []).map((a) => String(a).toLowerCase()),
      amr,
    },
    row.issuer,
  );
  if (!user) return { problem: 'notLinked', portal: login.portal };
  return { ...(await handOff(ctx, login.id, login.portal, user, { amr })), portal: login.portal };
}

/** Trades the one-time code of a completed return for a session, once and within two minutes. */
export async function exchangeSso(
  ctx: TContext,
  code: string,
): Promise<{ session: TSession | authApi.TMfaChallenge; returnTo: string | null }> {
  return ctx.db(async (tx) => {
    const [login] = await tx
      .update(ssoLogins)
      .set({ claimedAt: new Date() })
      .where(
        and(
          eq(ssoLogins.handoffHash, hashToken(code)),
          isNull(ssoLogins.claimedAt),
          gt(ssoLogins.returnedAt, sql`now() - make_interval(secs => ${HANDOFF_WITHIN_S})`),
        ),
      )
      .returning();
    const [user] = login?.userId ? await tx.select().from(users).where(eq(users.id, login.userId)) : [];
    if (!login || !user?.isActive) throw new AppError(400, 'SSO_EXPIRED', authApi.MSG_SSO.expired);
    // A provider that vouches for a second factor (amr: mfa) is the second step; otherwise a person who set
    // up two-step sign-in is asked for it here too (docs/product/two-step-sign-in.md#signing-in).
    const providerMfa = (login.amr ?? []).some((m) => ['mfa', 'otp', 'hwk', 'swk', 'fpt', 'face'].includes(m));
    if (!providerMfa && (await hasTwoSteps(tx, user.id))) return { session: await openChallenge(tx, ctx, user), returnTo: login.returnTo };
    const session = await openSession(tx, ctx, user, { via: 'single-sign-on', amr: login.amr ?? null });
    // Remembers which session this sign-in opened, for single logout (docs/product/single-sign-on.md#signing-out).
    const [opened] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    if (opened) await tx.update(ssoLogins).set({ sessionId: opened.id }).where(eq(ssoLogins.id, login.id));
    return { session, returnTo: login.returnTo };
  });
}
