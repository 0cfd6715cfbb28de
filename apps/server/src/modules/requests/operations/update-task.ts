import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../request.policy.js';
import { assertAssignable } from '../request-assignees.js';
import { requestTasks } from '../schema.js';
import { presentTasks, taskAuditShape, type TTaskFields } from '../request-task.presenter.js';

/** Changes a task of a request's checklist; a new assignee is staff who reach the request. */
export async function updateTask(ctx: TContext, requestId: string, taskId: string, input: TTaskFields) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const request = await getAccessibleRequest(tx, ctx, requestId, 'process');
    const [before] = await tx
      .select()
      .from(requestTasks)
      .where(and(eq(requestTasks.id, taskId), eq(requestTasks.requestId, requestId)));
    if (!before) throw notFound();
    await assertAssignable(tx, request, 'assignedToUserId', input.assignedToUserId, before.assignedToUserId);
    const [row] = await tx
      .update(requestTasks)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(requestTasks.id, taskId))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: requestId,
      action: 'request.task.updated',
      before: taskAuditShape(before),
      after: taskAuditShape(row!),
      ip: ctx.ip,
    });
    return (await presentTasks(tx, [row!]))[0]!;
  });
}
