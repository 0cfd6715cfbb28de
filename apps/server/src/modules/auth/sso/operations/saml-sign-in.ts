import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { CacheProvider, Profile } from '@node-saml/node-saml';
import { hashToken, randomToken } from '../../../../platform/auth/tokens.js';
import type { TContext } from '../../../../platform/http/context.js';
import { samlAssertionsSeen, ssoConfigs, ssoLogins } from '../../schema.js';
import {
  amrOfContext,
  CLOCK_SKEW_MS,
  generateSpKeyPair,
  NO_BOOKKEEPING,
  REQUEST_VALID_MS,
  samlClient,
  spMetadata,
  spUrls,
  type TSamlSetup,
} from '../saml.js';
import { EMPTY_SSO_ROW, loadSsoRow, portalBase, SP_KEY_PURPOSE, type TSsoRow } from '../sso-config.js';
import { handOff, linkAccount, ssoAudit, type TSsoRedirect } from './complete-sso.js';

const RETURN_WITHIN_MIN = REQUEST_VALID_MS / 60_000;
/** A SAMLResponse larger than this is not from a campus identity provider. */
const RESPONSE_MAX_CHARS = 2_000_000;

type TPortal = 'scholar' | 'student';

/** The SAML settings of the institution when SAML sign-on is on and complete; null otherwise. */
async function setupFor(ctx: TContext, requests: CacheProvider, requestId?: string): Promise<{ row: TSsoRow; setup: TSamlSetup } | null> {
  return ctx.db(async (tx) => {
    const row = await loadSsoRow(tx);
    if (!row?.enabled || row.kind !== 'saml' || !row.samlIdpSsoUrl || row.samlIdpCerts.length === 0) return null;
    const spKeyPem = ctx.services.tokens.unseal(SP_KEY_PURPOSE, row.samlSpKeySealed);
    if (!spKeyPem || !row.samlSpCert) return null;
    const setup: TSamlSetup = {
      sp: spUrls(await portalBase(tx, ctx.institutionId)),
      spKeyPem,
      spCertPem: row.samlSpCert,
      idp: { entityId: row.samlIdpEntityId, ssoUrl: row.samlIdpSsoUrl, sloUrl: row.samlIdpSloUrl, certs: row.samlIdpCerts },
      idpInitiated: row.samlIdpInitiated,
      requests,
      ...(requestId ? { requestId } : {}),
    };
    return { row, setup };
  });
}

/** The library asks whether a response answers a request this portal sent in the last 10 minutes, not yet answered. */
function requestsSent(ctx: TContext): CacheProvider {
  return {
    saveAsync: () => Promise.resolve(null),
    removeAsync: () => Promise.resolve(null),
    getAsync: async (id: string) => {
      const [login] = await ctx.db((tx) =>
        tx
          .select({ createdAt: ssoLogins.createdAt })
          .from(ssoLogins)
          .where(
            and(
              eq(ssoLogins.stateHash, hashToken(id)),
              eq(ssoLogins.kind, 'saml'),
              isNull(ssoLogins.returnedAt),
              gt(ssoLogins.createdAt, sql`now() - make_interval(mins => ${RETURN_WITHIN_MIN})`),
            ),
          ),
      );
      return login ? login.createdAt.toISOString() : null;
    },
  };
}

/** SP-initiated sign-on: an AuthnRequest (signed with the portal's key) sent by redirect (docs/product/single-sign-on.md#saml-20). */
export async function startSaml(ctx: TContext, input: { portal: TPortal; returnTo?: string | undefined }): Promise<TSsoRedirect> {
  const requestId = `_${randomToken(20).replace(/[^A-Za-z0-9]/g, '')}`;
  const found = await setupFor(ctx, NO_BOOKKEEPING, requestId);
  if (!found) return { problem: 'notConfigured' };
  await ctx.db((tx) =>
    tx.insert(ssoLogins).values({
      institutionId: ctx.institutionId,
      kind: 'saml',
      stateHash: hashToken(requestId),
      codeVerifier: '',
      nonce: '',
      portal: input.portal,
      returnTo: input.returnTo ?? null,
    }),
  );
  try {
    return { to: await samlClient(found.setup).getAuthorizeUrlAsync(input.portal, undefined, {}) };
  } catch {
    return { problem: 'failed' };
  }
}

const first = (v: unknown): string => {
  const x: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
  return typeof x === 'string' ? x.trim() : typeof x === 'number' ? String(x) : '';
};
const all = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(first).filter(Boolean);

/** What the library parsed of the assertion (xml2js shape: attributes under $, text under _). */
interface TParsedAssertion {
  Assertion?: {
    $?: { ID?: string };
    Conditions?: { $?: { NotOnOrAfter?: string } }[];
    AuthnStatement?: { AuthnContext?: { AuthnContextClassRef?: ({ _?: string } | string)[] }[] }[];
  };
}

/**
 * The assertion consumer service. The response is checked by the SAML library (signature by a trusted
 * certificate, issuer, audience, validity with 3 minutes of skew, InResponseTo a request sent here),
 * then here: the request is claimed once, the assertion's ID is refused a second time, an encrypted
 * assertion is required when the institution asks for one. The person is found by the configured
 * attribute; nothing is signed in on this POST: the browser gets a one-time code, as with OpenID Connect.
 */
export async function samlAcs(ctx: TContext, body: Record<string, unknown>): Promise<TSsoRedirect & { portal?: TPortal }> {
  const portal: TPortal = body.RelayState === 'student' ? 'student' : 'scholar';
  const response = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
  const found = await setupFor(ctx, requestsSent(ctx));
  if (!found) return { problem: 'notConfigured', portal };
  const refuse = async (reason: string, problem: 'failed' | 'expired' = 'failed') => {
    await ssoAudit(ctx, null, 'auth.sso.failed', { source: found.row.samlIdpEntityId, reason: reason.slice(0, 200) });
    return { problem, portal };
  };
  if (!response || response.length > RESPONSE_MAX_CHARS) return refuse('No SAMLResponse, or too large');
  let profile: Profile | null;
  try {
    profile = (await samlClient(found.setup).validatePostResponseAsync({ SAMLResponse: response })).profile;
  } catch (e) {
    const reason = e instanceof Error ? e.message : 'unknown';
    return refuse(reason, /InResponseTo/.test(reason) ? 'expired' : 'failed');
  }
  if (!profile) return refuse('No assertion in the response');
  // The library checks the issuer of logout messages only: the signed assertion's issuer must be the provider configured.
  if (profile.issuer !== found.row.samlIdpEntityId) return refuse(`Unknown SAML issuer: ${String(profile.issuer).slice(0, 120)}`);
  const xml = Buffer.from(response, 'base64').toString('utf8');
  if (found.row.samlWantEncrypted && !/<(?:[A-Za-z0-9_-]+:)?EncryptedAssertion[\s>]/.test(xml)) return refuse('Assertion not encrypted');

  const assertion = (profile.getAssertion?.() ?? {}) as TParsedAssertion;
  const assertionId = assertion.Assertion?.$?.ID ?? '';
  const notOnOrAfter = Date.parse(assertion.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
  const keepUntil = new Date((Number.isFinite(notOnOrAfter) ? notOnOrAfter : Date.now() + 3_600_000) + CLOCK_SKEW_MS);
  const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : null;
  const claimed = await ctx.db(async (tx) => {
    await tx.delete(samlAssertionsSeen).where(lt(samlAssertionsSeen.expiresAt, sql`now()`));
    const [fresh] = assertionId
      ? await tx
          .insert(samlAssertionsSeen)
          .values({ institutionId: ctx.institutionId, assertionId: assertionId.slice(0, 300), expiresAt: keepUntil })
          .onConflictDoNothing()
          .returning()
      : [];
    if (!fresh) return null;
    if (inResponseTo) {
      const [login] = await tx
        .update(ssoLogins)
        .set({ returnedAt: new Date() })
        .where(
          and(
            eq(ssoLogins.stateHash, hashToken(inResponseTo)),
            eq(ssoLogins.kind, 'saml'),
            isNull(ssoLogins.returnedAt),
            gt(ssoLogins.createdAt, sql`now() - make_interval(mins => ${RETURN_WITHIN_MIN})`),
          ),
        )
        .returning();
      return login ?? null;
    }
    if (!found.row.samlIdpInitiated) return null;
    const [login] = await tx
      .insert(ssoLogins)
      .values({
        institutionId: ctx.institutionId,
        kind: 'saml',
        stateHash: hashToken(randomToken(32)),
        codeVerifier: '',
        nonce: '',
        portal,
        returnedAt: new Date(),
      })
      .returning();
    return login ?? null;
  });
  if (!claimed) return refuse(assertionId ? 'Assertion or request already used' : 'Assertion without an ID', 'expired');

  const map = { ...found.row.samlAttributes } as Record<string, string>;
  const attr = (k: string) => (map[k] === 'NameID' ? profile.nameID : (profile as Record<string, unknown>)[map[k] ?? '']);
  const classRefs = (assertion.Assertion?.AuthnStatement ?? []).flatMap((s) =>
    (s.AuthnContext ?? []).flatMap((c) => (c.AuthnContextClassRef ?? []).map((r) => (typeof r === 'string' ? r : (r._ ?? '')))),
  );
  const amr = amrOfContext(classRefs);
  const user = await linkAccount(
    ctx,
    found.row,
    {
      subject: first(attr('match')),
      email: first(attr('mail')),
      firstName: first(attr('givenName')),
      lastName: first(attr('sn')),
      affiliations: all(attr('affiliation')).map((a) => a.toLowerCase().replace(/@.*$/, '')),
      amr: amr.length ? amr : null,
    },
    found.row.samlIdpEntityId,
  );
  if (!user) return { problem: 'notLinked', portal: claimed.portal as TPortal };
  const r = await handOff(ctx, claimed.id, claimed.portal, user, {
    amr: amr.length ? amr : null,
    nameId: profile.nameID ?? null,
    sessionIndex: profile.sessionIndex ?? null,
  });
  return { ...r, portal: claimed.portal as TPortal };
}

/** This portal's service-provider metadata for the institution; null until SAML has a key pair here. */
export async function samlMetadataXml(ctx: TContext): Promise<string | null> {
  return ctx.db(async (tx) => {
    const row = await loadSsoRow(tx);
    const key = row?.samlSpCert ? ctx.services.tokens.unseal(SP_KEY_PURPOSE, row.samlSpKeySealed) : null;
    if (!row || !key) return null;
    return spMetadata(spUrls(await portalBase(tx, ctx.institutionId)), row.samlSpCert, key);
  });
}

/**
 * Gives the institution its service-provider key pair the first time an administrator opens the
 * settings, so the metadata can be registered at the identity provider before SAML is set up.
 */
export async function ensureSpKeys(ctx: TContext): Promise<void> {
  const row = await ctx.db((tx) => loadSsoRow(tx));
  if (row?.samlSpCert && ctx.services.tokens.unseal(SP_KEY_PURPOSE, row.samlSpKeySealed)) return;
  const keys = generateSpKeyPair(`Meridian SAML SP ${ctx.institutionId.slice(0, 8)}`);
  const sealed = ctx.services.tokens.seal(SP_KEY_PURPOSE, keys.keyPem);
  await ctx.db(async (tx) => {
    await tx
      .insert(ssoConfigs)
      .values({ institutionId: ctx.institutionId, ...EMPTY_SSO_ROW })
      .onConflictDoNothing();
    await tx
      .update(ssoConfigs)
      .set({ samlSpKeySealed: sealed, samlSpCert: keys.certPem })
      .where(eq(ssoConfigs.institutionId, ctx.institutionId));
  });
}
