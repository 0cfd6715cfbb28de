import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../request.policy.js';
import { assertAssignable } from '../request-assignees.js';
import { requestTasks } from '../schema.js';
import { presentTasks, taskAuditShape, type TTaskFields } from '../request-task.presenter.js';

/** Adds a task to a request's checklist (staff who process the request); its assignee is staff who reach the request. */
export async function createTask(ctx: TContext, requestId: string, input: TTaskFields) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const request = await getAccessibleRequest(tx, ctx, requestId, 'process');
    await assertAssignable(tx, request, 'assignedToUserId', input.assignedToUserId);
    const [row] = await tx
      .insert(requestTasks)
      .values({ institutionId: ctx.institutionId, requestId, ...input, createdBy: actor.userId })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: requestId,
      action: 'request.task.created',
      after: taskAuditShape(row!),
      ip: ctx.ip,
    });
    return (await presentTasks(tx, [row!]))[0]!;
  });
}
