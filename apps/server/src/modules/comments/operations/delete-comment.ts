import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { comments } from '../schema.js';
import { loadOwnComment } from '../own-comment.js';
import { commentAuditShape } from '../comment.presenter.js';

/** The author deletes their own comment. */
export async function deleteComment(ctx: TContext, commentId: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadOwnComment(tx, ctx, commentId);
    const [row] = await tx.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, before.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'comment',
      entityId: before.id,
      action: 'comment.deleted',
      before: commentAuditShape(before),
      after: commentAuditShape(row!),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
