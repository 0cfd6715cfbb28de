import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { sessions } from '../schema.js';
import { samlLogoutRequestUrl } from '../sso/operations/saml-logout.js';

/** Ends the caller's session on the server: its access and refresh tokens stop working at once. */
export async function logout(ctx: TContext): Promise<{ ok: true; singleLogoutUrl?: string }> {
  const actor = requireActor(ctx);
  await ctx.db(async (tx) => {
    await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: 'logout' }).where(eq(sessions.id, actor.sessionId));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: actor.userId,
      action: 'auth.logout',
      ip: ctx.ip,
    });
  });
  // A session that came from SAML also ends at the identity provider (docs/product/single-sign-on.md#signing-out).
  const singleLogoutUrl = await samlLogoutRequestUrl(ctx, actor.sessionId);
  return singleLogoutUrl ? { ok: true, singleLogoutUrl } : { ok: true };
}
