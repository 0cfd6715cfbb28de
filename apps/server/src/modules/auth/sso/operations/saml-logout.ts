import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { forgetCachedSessions } from '../../../../platform/auth/session-cache.js';
import type { TContext } from '../../../../platform/http/context.js';
import { loadSettings } from '../../../institutions/index.js';
import { ssoLogins } from '../../schema.js';
import { revokeAllSessions } from '../../session.service.js';
import { NO_BOOKKEEPING, samlClient, spUrls } from '../saml.js';
import { loadSsoRow, portalBase, SP_KEY_PURPOSE } from '../sso-config.js';

async function samlFor(ctx: TContext) {
  return ctx.db(async (tx) => {
    const row = await loadSsoRow(tx);
    const key = row ? ctx.services.tokens.unseal(SP_KEY_PURPOSE, row.samlSpKeySealed) : null;
    if (!row || row.kind !== 'saml' || !key || !row.samlIdpCerts.length) return null;
    const base = await portalBase(tx, ctx.institutionId);
    const leaveTo = (await loadSettings(tx, ctx.institutionId)).Remote_logout_url || `${base}/#/security-logout?done=1`;
    const saml = samlClient({
      sp: spUrls(base),
      spKeyPem: key,
      spCertPem: row.samlSpCert,
      idp: { entityId: row.samlIdpEntityId, ssoUrl: row.samlIdpSsoUrl, sloUrl: row.samlIdpSloUrl, certs: row.samlIdpCerts },
      idpInitiated: row.samlIdpInitiated,
      requests: NO_BOOKKEEPING,
    });
    return { saml, row, leaveTo };
  });
}

/**
 * Where a signed-out person goes (docs/product/single-sign-on.md#signing-out): when the session came from
 * SAML and the identity provider has a single-logout address, a LogoutRequest signed with the portal's
 * key (the provider ends its own session and comes back here); otherwise null and the portal's usual
 * logout address applies.
 */
export async function samlLogoutRequestUrl(ctx: TContext, sessionId: string): Promise<string | null> {
  const found = await samlFor(ctx);
  if (!found?.row.samlIdpSloUrl) return null;
  const [login] = await ctx.db((tx) =>
    tx
      .select()
      .from(ssoLogins)
      .where(and(eq(ssoLogins.sessionId, sessionId), eq(ssoLogins.kind, 'saml'), isNotNull(ssoLogins.nameId)))
      .orderBy(desc(ssoLogins.claimedAt))
      .limit(1),
  );
  if (!login?.nameId) return null;
  try {
    return await found.saml.getLogoutUrlAsync(
      {
        issuer: found.row.samlIdpEntityId,
        nameID: login.nameId,
        nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:unspecified',
        ...(login.sessionIndex ? { sessionIndex: login.sessionIndex } : {}),
      },
      '',
      {},
    );
  } catch {
    return null;
  }
}

/**
 * The single-logout address: the provider's answer to this portal's LogoutRequest (then on to the
 * institution's logout address), or the provider's own LogoutRequest when a person signs out elsewhere
 * on campus (their sessions here end; the provider gets a signed LogoutResponse).
 */
export async function samlLogout(ctx: TContext, query: Record<string, string>, rawQuery: string): Promise<string> {
  const found = await samlFor(ctx);
  const fallback =
    found?.leaveTo ??
    (await ctx.db(
      async (tx) =>
        (await loadSettings(tx, ctx.institutionId)).Remote_logout_url ||
        `${await portalBase(tx, ctx.institutionId)}/#/security-logout?done=1`,
    ));
  if (!found || (!query.SAMLRequest && !query.SAMLResponse)) return fallback;
  try {
    const { profile, loggedOut } = await found.saml.validateRedirectAsync(query, rawQuery);
    if (query.SAMLRequest && profile?.nameID) {
      const nameId = profile.nameID;
      await ctx.db(async (tx) => {
        const people = await tx
          .selectDistinct({ userId: ssoLogins.userId })
          .from(ssoLogins)
          .where(and(eq(ssoLogins.kind, 'saml'), eq(ssoLogins.nameId, nameId), isNotNull(ssoLogins.userId)));
        for (const p of people) {
          if (!p.userId) continue;
          await revokeAllSessions(tx, p.userId, 'single-logout');
          await writeAudit(tx, {
            institutionId: ctx.institutionId,
            actorUserId: null,
            entityType: 'user',
            entityId: p.userId,
            action: 'auth.sso.single-logout',
            after: { source: found.row.samlIdpEntityId },
            ip: ctx.ip,
          });
        }
      });
      // This is a GET: the per-process session memory is not cleared by the route, so it is cleared here.
      forgetCachedSessions();
      return await found.saml.getLogoutResponseUrlAsync(profile, query.RelayState ?? '', {}, true);
    }
    return loggedOut || query.SAMLResponse ? found.leaveTo : fallback;
  } catch {
    return fallback;
  }
}
