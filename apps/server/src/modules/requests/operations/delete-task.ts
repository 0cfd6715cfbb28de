import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../request.policy.js';
import { requestTasks } from '../schema.js';
import { taskAuditShape } from '../request-task.presenter.js';

/** Removes a task from a request's checklist; the History Log keeps what it was. */
export async function deleteTask(ctx: TContext, requestId: string, taskId: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await getAccessibleRequest(tx, ctx, requestId, 'process');
    const [before] = await tx
      .delete(requestTasks)
      .where(and(eq(requestTasks.id, taskId), eq(requestTasks.requestId, requestId)))
      .returning();
    if (!before) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: requestId,
      action: 'request.task.deleted',
      before: taskAuditShape(before),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
