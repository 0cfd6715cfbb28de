import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { commentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { commentSubject, type TCommentSubjectType } from '../comment.policy.js';
import { comments } from '../schema.js';
import { presentComments } from '../comment.presenter.js';

const { COMMENT_PAGE_SIZE } = commentsApi;

/** One page (20) of a subject's comments, newest first; internal notes only for staff. */
export async function listComments(ctx: TContext, q: { subjectType: TCommentSubjectType; subjectId: string; page: number }) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const subject = await commentSubject(tx, ctx, q.subjectType, q.subjectId);
    const where = and(
      eq(comments.subjectType, q.subjectType),
      eq(comments.subjectId, q.subjectId),
      isNull(comments.deletedAt),
      subject.isStaff ? undefined : eq(comments.isInternal, false),
    );
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(comments).where(where);
    const rows = await tx
      .select()
      .from(comments)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(COMMENT_PAGE_SIZE)
      .offset((q.page - 1) * COMMENT_PAGE_SIZE);
    return { items: await presentComments(tx, actor, rows), total, page: q.page, pageSize: COMMENT_PAGE_SIZE };
  });
}
