import { authApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { ssoConfigs } from '../../schema.js';
import { oidcConfiguration } from '../oidc.js';
import { generateSpKeyPair, parseIdpMetadata, type TIdpMetadata } from '../saml.js';
import { clientOf, EMPTY_SSO_ROW, loadSsoRow, portalBase, presentSso, SEAL_PURPOSE, SP_KEY_PURPOSE, type TSsoRow } from '../sso-config.js';

const METADATA_MAX_BYTES = 500_000;

/**
 * Saves the single sign-on settings. An OpenID provider's discovery document, or a SAML provider's
 * metadata, is read and checked first, so an address or file that does not describe an identity
 * provider is refused on its field, before anyone is sent there.
 */
export async function saveSsoConfig(ctx: TContext, input: authApi.TSaveSsoConfigInput): Promise<authApi.TSsoConfig> {
  const actor = requireActor(ctx);
  const parsed = authApi.ZSaveSsoConfigInput.parse(input);
  const before = await ctx.db((tx) => loadSsoRow(tx));
  const common = {
    enabled: parsed.enabled,
    kind: parsed.kind,
    allowedRoles: parsed.allowedRoles,
    jitEnabled: parsed.jitEnabled,
    passwordOffRoles: parsed.passwordOffRoles,
    updatedAt: new Date(),
    updatedBy: actor.userId,
  };
  let values: Partial<typeof ssoConfigs.$inferInsert>;
  let shown: Record<string, unknown>;
  if (parsed.kind === 'oidc') {
    const secret = parsed.clientSecret.trim() || (before ? clientOf(ctx.services.tokens, before)?.clientSecret : '') || '';
    if (!secret) throw fieldError('clientSecret', authApi.MSG_SSO.clientSecretRequired);
    try {
      await oidcConfiguration({ issuer: parsed.issuer, clientId: parsed.clientId, clientSecret: secret }, true);
    } catch {
      throw fieldError('issuer', authApi.MSG_SSO.discoveryFailed);
    }
    values = {
      ...common,
      issuer: parsed.issuer,
      clientId: parsed.clientId,
      clientSecretSealed: ctx.services.tokens.seal(SEAL_PURPOSE, secret),
      scopes: parsed.scopes.includes('openid') ? parsed.scopes : `openid ${parsed.scopes}`.trim(),
      matchClaim: parsed.matchClaim,
    };
    shown = {
      issuer: parsed.issuer,
      clientId: parsed.clientId,
      matchClaim: parsed.matchClaim,
      clientSecretChanged: !!parsed.clientSecret.trim(),
    };
  } else {
    const idp = await samlMetadataFrom(parsed, before);
    const keys =
      before?.samlSpKeySealed && before.samlSpCert && ctx.services.tokens.unseal(SP_KEY_PURPOSE, before.samlSpKeySealed)
        ? null
        : generateSpKeyPair(`Meridian SAML SP ${ctx.institutionId.slice(0, 8)}`);
    values = {
      ...common,
      samlIdpEntityId: idp.entityId,
      samlIdpSsoUrl: idp.ssoUrl,
      samlIdpSloUrl: idp.sloUrl,
      samlIdpCerts: idp.certs,
      samlIdpMetadataUrl: parsed.idpMetadataUrl,
      samlWantEncrypted: parsed.wantEncrypted,
      samlIdpInitiated: parsed.idpInitiated,
      samlAttributes: parsed.attributes,
      ...(keys ? { samlSpKeySealed: ctx.services.tokens.seal(SP_KEY_PURPOSE, keys.keyPem), samlSpCert: keys.certPem } : {}),
    };
    shown = {
      idpEntityId: idp.entityId,
      idpSsoUrl: idp.ssoUrl,
      idpCertificates: idp.certs.length,
      idpMetadataUrl: parsed.idpMetadataUrl,
      wantEncrypted: parsed.wantEncrypted,
      idpInitiated: parsed.idpInitiated,
      attributes: parsed.attributes,
      newServiceProviderKey: !!keys,
    };
  }
  return ctx.db(async (tx) => {
    await tx
      .insert(ssoConfigs)
      .values({ institutionId: ctx.institutionId, ...EMPTY_SSO_ROW, ...values })
      .onConflictDoUpdate({ target: ssoConfigs.institutionId, set: values });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'institution',
      entityId: ctx.institutionId,
      action: 'sso.config.saved',
      before: before
        ? {
            enabled: before.enabled,
            kind: before.kind,
            issuer: before.issuer,
            clientId: before.clientId,
            matchClaim: before.matchClaim,
            allowedRoles: before.allowedRoles,
            jitEnabled: before.jitEnabled,
            passwordOffRoles: before.passwordOffRoles,
            idpEntityId: before.samlIdpEntityId,
          }
        : null,
      after: {
        enabled: parsed.enabled,
        kind: parsed.kind,
        allowedRoles: parsed.allowedRoles,
        jitEnabled: parsed.jitEnabled,
        passwordOffRoles: parsed.passwordOffRoles,
        ...shown,
      },
      ip: ctx.ip,
    });
    return presentSso(await loadSsoRow(tx), await portalBase(tx, ctx.institutionId));
  });
}

/** The identity provider's metadata: the file given, else read from its address, else what was read before. */
async function samlMetadataFrom(input: authApi.TSaveSamlConfigInput, before: TSsoRow | null): Promise<TIdpMetadata> {
  if (input.idpMetadataXml.trim()) {
    const idp = parseIdpMetadata(input.idpMetadataXml);
    if (!idp) throw fieldError('idpMetadataXml', authApi.MSG_SSO.metadataInvalid);
    return idp;
  }
  if (input.idpMetadataUrl) {
    const xml = await fetchMetadata(input.idpMetadataUrl);
    if (xml === null) throw fieldError('idpMetadataUrl', authApi.MSG_SSO.metadataUnreachable);
    const idp = parseIdpMetadata(xml);
    if (!idp) throw fieldError('idpMetadataUrl', authApi.MSG_SSO.metadataInvalid);
    return idp;
  }
  if (before?.samlIdpEntityId && before.samlIdpCerts.length) {
    return { entityId: before.samlIdpEntityId, ssoUrl: before.samlIdpSsoUrl, sloUrl: before.samlIdpSloUrl, certs: before.samlIdpCerts };
  }
  throw fieldError('idpMetadataXml', authApi.MSG_SSO.metadataRequired);
}

/** Reads metadata from the provider's address: 10 seconds, at most 500 KB; null when that fails. */
export async function fetchMetadata(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(10_000),
      redirect: 'follow',
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
    });
    if (!res.ok || !res.body) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > METADATA_MAX_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch {
    return null;
  }
}
