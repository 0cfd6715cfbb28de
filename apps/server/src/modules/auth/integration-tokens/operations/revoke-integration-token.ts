import { sql } from 'drizzle-orm';
import { authApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { conflict, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { selectTokens } from '../presenter.js';

/** Revokes a token: its next call is refused, on every server (tokens are looked up on each call). */
export async function revokeIntegrationToken(ctx: TContext, tokenId: string): Promise<authApi.TIntegrationToken> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await selectTokens(tx, tokenId);
    if (!before) throw notFound();
    if (before.status === 'revoked') throw conflict(authApi.MSG_INTEGRATION.alreadyRevoked);
    await tx.execute(sql`update integration_tokens set revoked_at = now(), revoked_by = ${actor.userId} where id = ${tokenId}`);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'integration_token',
      entityId: tokenId,
      action: 'integration_token.revoked',
      before: { name: before.name, scopes: before.scopes },
      ip: ctx.ip,
    });
    const [after] = await selectTokens(tx, tokenId);
    return after!;
  });
}
