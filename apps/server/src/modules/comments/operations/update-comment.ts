import { eq } from 'drizzle-orm';
import { type TComment } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { comments } from '../schema.js';
import { loadOwnComment } from '../own-comment.js';
import { commentAuditShape, presentComments } from '../comment.presenter.js';

/** The author edits their own comment. */
export async function updateComment(ctx: TContext, commentId: string, body: string): Promise<TComment> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadOwnComment(tx, ctx, commentId);
    const [row] = await tx.update(comments).set({ body, updatedAt: new Date() }).where(eq(comments.id, before.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'comment',
      entityId: before.id,
      action: 'comment.updated',
      before: commentAuditShape(before),
      after: commentAuditShape(row!),
      ip: ctx.ip,
    });
    return (await presentComments(tx, actor, [row!]))[0]!;
  });
}
