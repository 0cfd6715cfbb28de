import { asc, eq } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../request.policy.js';
import { requestTasks } from '../schema.js';
import { presentTasks } from '../request-task.presenter.js';

/** A request's checklist of tasks, oldest first (staff who process the request). */
export async function listTasks(ctx: TContext, requestId: string) {
  return ctx.db(async (tx) => {
    await getAccessibleRequest(tx, ctx, requestId, 'process');
    return presentTasks(
      tx,
      await tx.select().from(requestTasks).where(eq(requestTasks.requestId, requestId)).orderBy(asc(requestTasks.createdAt)),
    );
  });
}
