import { type TRequestDetail } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { presentRequest } from '../request.presenter.js';
import { lockRequest } from '../request-locks.js';
import { assertAssignable } from '../request-assignees.js';
import { applyAssignment } from './apply-assignment.js';

/** Assign, reassign or unassign; only to staff who reach the request's site. */
export async function assignRequest(ctx: TContext, requestId: string, userId: string | null): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId, 'process');
    await assertAssignable(tx, row, 'userId', userId);
    return presentRequest(tx, actor, await applyAssignment(tx, ctx, row, userId));
  });
}
