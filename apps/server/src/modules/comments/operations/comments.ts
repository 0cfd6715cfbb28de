import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { commentsApi, type TComment } from '@meridian/domain';

const { COMMENT_PAGE_SIZE } = commentsApi;
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { forbidden, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import { users } from '../../people/index.js';
import { commentSubject, type TCommentSubjectType } from '../comment.policy.js';
import { comments } from '../schema.js';

type TCommentRow = typeof comments.$inferSelect;

async function present(tx: TTx, actor: TAuthenticatedActor, rows: TCommentRow[]): Promise<TComment[]> {
  const ids = [...new Set(rows.map((r) => r.authorUserId))];
  const authors = ids.length
    ? await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids))
    : [];
  const names = new Map(authors.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim()]));
  return rows.map((r) => ({
    id: r.id,
    subjectType: r.subjectType as TCommentSubjectType,
    subjectId: r.subjectId,
    body: r.body,
    isInternal: r.isInternal,
    author: { userId: r.authorUserId, name: names.get(r.authorUserId) ?? '' },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    isEdited: r.updatedAt.getTime() - r.createdAt.getTime() > 1000,
    canEdit: r.authorUserId === actor.userId && !r.deletedAt,
  }));
}

const auditShape = (r: TCommentRow) => ({
  subjectType: r.subjectType,
  subjectId: r.subjectId,
  body: r.body,
  isInternal: r.isInternal,
  deleted: !!r.deletedAt,
});

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
    return { items: await present(tx, actor, rows), total, page: q.page, pageSize: COMMENT_PAGE_SIZE };
  });
}

/**
 * Adds a comment. Staff may mark it internal (never shown to the requester). The other party is
 * told: a requester's or department's comment goes to the assigned staff member; a staff comment to
 * the requester (and subject).
 */
export async function createComment(
  ctx: TContext,
  input: { subjectType: TCommentSubjectType; subjectId: string; body: string; isInternal: boolean },
): Promise<TComment> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const subject = await commentSubject(tx, ctx, input.subjectType, input.subjectId);
    if (input.isInternal && !subject.isStaff) throw forbidden('Only the office can add internal notes.');
    const [row] = await tx
      .insert(comments)
      .values({
        institutionId: ctx.institutionId,
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        authorUserId: actor.userId,
        body: input.body,
        isInternal: input.isInternal,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'comment',
      entityId: row!.id,
      action: 'comment.created',
      after: auditShape(row!),
      ip: ctx.ip,
    });
    const r = subject.request;
    if (r && !input.isInternal) {
      const recipients = subject.isStaff ? [r.requesterUserId, r.subjectUserId] : [r.assignedToUserId];
      const userIds = recipients.filter((id): id is string => !!id && id !== actor.userId);
      await notify(tx, ctx, { userIds, text: `New comment on request #${r.number}`, typeName: 'request.comment', requestId: r.id });
    }
    return (await present(tx, actor, [row!]))[0]!;
  });
}

/** Loads a comment the actor wrote and may still see (others' comments: 404 or 403). */
async function loadOwn(tx: TTx, ctx: TContext, commentId: string): Promise<TCommentRow> {
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

export async function updateComment(ctx: TContext, commentId: string, body: string): Promise<TComment> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadOwn(tx, ctx, commentId);
    const [row] = await tx.update(comments).set({ body, updatedAt: new Date() }).where(eq(comments.id, before.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'comment',
      entityId: before.id,
      action: 'comment.updated',
      before: auditShape(before),
      after: auditShape(row!),
      ip: ctx.ip,
    });
    return (await present(tx, actor, [row!]))[0]!;
  });
}

export async function deleteComment(ctx: TContext, commentId: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadOwn(tx, ctx, commentId);
    const [row] = await tx.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, before.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'comment',
      entityId: before.id,
      action: 'comment.deleted',
      before: auditShape(before),
      after: auditShape(row!),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
