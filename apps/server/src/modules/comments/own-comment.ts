import { and, eq, isNull } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { commentSubject, type TCommentSubjectType } from './comment.policy.js';
import { comments } from './schema.js';
import { type TCommentRow } from './comment.presenter.js';

/** Loads a comment the actor wrote and may still see (others' comments: 404 or 403). */
export async function loadOwnComment(tx: TTx, ctx: TContext, commentId: string): Promise<TCommentRow> {
  const actor = requireActor(ctx);
  const [row] = await tx
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)));
  if (!row) throw notFound();
  const subject = await commentSubject(tx, ctx, row.subjectType as TCommentSubjectType, row.subjectId);
  if (row.isInternal && !subject.isStaff) throw notFound();
  if (row.authorUserId !== actor.userId) throw forbidden();
  return row;
}
