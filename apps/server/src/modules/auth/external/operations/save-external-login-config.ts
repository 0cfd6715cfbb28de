import { authApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { externalLoginConfigs } from '../../schema.js';
import {
  algorithmOf,
  loadExternalLoginRow,
  portalAddress,
  presentExternalLogin,
  SEAL_PURPOSE,
  sharedSecretOf,
} from '../external-config.js';
import { keyFor } from '../verify-token.js';

/**
 * Saves the campus web sign-in settings (docs/product/external-login.md#settings). HS256 needs a shared secret
 * (a blank one keeps the secret saved, which is kept sealed and never sent back); RS256 and ES256 need the
 * proxy's public key, which is read first so that a key of the wrong kind is refused on its field.
 */
export async function saveExternalLoginConfig(
  ctx: TContext,
  input: authApi.TSaveExternalLoginConfigInput,
): Promise<authApi.TExternalLoginConfig> {
  const actor = requireActor(ctx);
  const before = await ctx.db((tx) => loadExternalLoginRow(tx));
  const M = authApi.MSG_EXTERNAL_LOGIN;
  let secretSealed: string | null = null;
  let publicKey: string | null = null;
  if (input.algorithm === 'HS256') {
    const typed = input.sharedSecret.trim();
    const kept = before ? sharedSecretOf(ctx.services.tokens, before) : null;
    if (!typed && !kept) throw fieldError('sharedSecret', M.secretRequired);
    secretSealed = typed ? ctx.services.tokens.seal(SEAL_PURPOSE, typed) : before!.sharedSecretSealed;
  } else {
    const pem = input.publicKey.trim();
    if (!pem) throw fieldError('publicKey', M.publicKeyRequired);
    if (!/^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/.test(pem) || !(await keyFor(input.algorithm, pem)))
      throw fieldError('publicKey', M.publicKeyInvalid);
    publicKey = pem;
    // A secret saved earlier stays sealed: switching back to HS256 may keep it.
    secretSealed = before?.sharedSecretSealed ?? null;
  }
  return ctx.db(async (tx) => {
    const values = {
      enabled: input.enabled,
      algorithm: input.algorithm,
      sharedSecretSealed: secretSealed,
      publicKey,
      issuer: input.issuer,
      audience: input.audience,
      matchClaim: input.matchClaim,
      allowedRoles: input.allowedRoles,
      updatedAt: new Date(),
      updatedBy: actor.userId,
    };
    await tx
      .insert(externalLoginConfigs)
      .values({ institutionId: ctx.institutionId, ...values })
      .onConflictDoUpdate({ target: externalLoginConfigs.institutionId, set: values });
    const shown = (r: { enabled: boolean; issuer: string; audience: string; matchClaim: string; allowedRoles: string[] }, alg: string) => ({
      enabled: r.enabled,
      algorithm: alg,
      issuer: r.issuer,
      audience: r.audience,
      matchClaim: r.matchClaim,
      allowedRoles: r.allowedRoles,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'institution',
      entityId: ctx.institutionId,
      action: 'external-login.config.saved',
      before: before ? shown(before, algorithmOf(before)) : null,
      after: {
        ...shown(values, input.algorithm),
        sharedSecretChanged: input.algorithm === 'HS256' && !!input.sharedSecret.trim(),
        publicKeyChanged: (before?.publicKey ?? null) !== publicKey,
      },
      ip: ctx.ip,
    });
    return presentExternalLogin(await loadExternalLoginRow(tx), await portalAddress(tx, ctx.institutionId));
  });
}
