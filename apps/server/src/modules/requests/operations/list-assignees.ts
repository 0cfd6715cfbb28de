import { type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../request.policy.js';
import { reachingStaff } from '../request-assignees.js';

/** Staff who may be assigned the request: active staff who reach its campus site. */
export async function listAssignees(ctx: TContext, requestId: string) {
  return ctx.db(async (tx) => {
    const row = await getAccessibleRequest(tx, ctx, requestId, 'process');
    return (await reachingStaff(tx, row)).map((u) => ({ userId: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email }));
  });
}
