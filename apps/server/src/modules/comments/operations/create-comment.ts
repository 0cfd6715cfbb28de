import { type TComment } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { forbidden } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import { commentSubject, type TCommentSubjectType } from '../comment.policy.js';
import { comments } from '../schema.js';
import { commentAuditShape, presentComments } from '../comment.presenter.js';

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
      after: commentAuditShape(row!),
      ip: ctx.ip,
    });
    const r = subject.request;
    if (r && !input.isInternal) {
      const recipients = subject.isStaff ? [r.requesterUserId, r.subjectUserId] : [r.assignedToUserId];
      const userIds = recipients.filter((id): id is string => !!id && id !== actor.userId);
      await notify(tx, ctx, {
        userIds,
        text: `New comment on request #${r.number}`,
        typeName: 'request.comment',
        requestId: r.id,
        profileId: r.profileId,
      });
    }
    return (await presentComments(tx, actor, [row!]))[0]!;
  });
}
