import { authApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { ssoConfigs } from '../../schema.js';
import { oidcConfiguration } from '../oidc.js';
import { clientOf, loadSsoRow, presentSso, redirectUri, SEAL_PURPOSE } from '../sso-config.js';

/**
 * Saves the single sign-on settings. The provider's discovery document is fetched first, so an address
 * that does not answer as an OpenID provider is refused on its field, before anyone is sent there.
 */
export async function saveSsoConfig(ctx: TContext, input: authApi.TSaveSsoConfigInput): Promise<authApi.TSsoConfig> {
  const actor = requireActor(ctx);
  const before = await ctx.db((tx) => loadSsoRow(tx));
  const secret = input.clientSecret.trim() || (before ? clientOf(ctx.services.tokens, before)?.clientSecret : '') || '';
  if (!secret) throw fieldError('clientSecret', authApi.MSG_SSO.clientSecretRequired);
  try {
    await oidcConfiguration({ issuer: input.issuer, clientId: input.clientId, clientSecret: secret }, true);
  } catch {
    throw fieldError('issuer', authApi.MSG_SSO.discoveryFailed);
  }
  return ctx.db(async (tx) => {
    const values = {
      enabled: input.enabled,
      kind: 'oidc',
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecretSealed: ctx.services.tokens.seal(SEAL_PURPOSE, secret),
      scopes: input.scopes.includes('openid') ? input.scopes : `openid ${input.scopes}`.trim(),
      matchClaim: input.matchClaim,
      allowedRoles: input.allowedRoles,
      updatedAt: new Date(),
      updatedBy: actor.userId,
    };
    await tx
      .insert(ssoConfigs)
      .values({ institutionId: ctx.institutionId, ...values })
      .onConflictDoUpdate({ target: ssoConfigs.institutionId, set: values });
    const { clientSecretSealed: _s, updatedAt: _u, updatedBy: _b, ...shown } = values;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'institution',
      entityId: ctx.institutionId,
      action: 'sso.config.saved',
      before: before
        ? {
            enabled: before.enabled,
            issuer: before.issuer,
            clientId: before.clientId,
            matchClaim: before.matchClaim,
            allowedRoles: before.allowedRoles,
          }
        : null,
      after: { ...shown, clientSecretChanged: !!input.clientSecret.trim() },
      ip: ctx.ip,
    });
    return presentSso(await loadSsoRow(tx), await redirectUri(tx, ctx.institutionId));
  });
}
