import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { sessions } from '../schema.js';

/** Ends the caller's session on the server: its access and refresh tokens stop working at once. */
export async function logout(ctx: TContext): Promise<{ ok: true }> {
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
  return { ok: true };
}
