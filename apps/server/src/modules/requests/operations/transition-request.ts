import { type TRequestAction, type TRequestDetail } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { presentRequest } from '../request.presenter.js';
import { applyStaffTransition } from './apply-staff-transition.js';

/** Office staff move a request one step (review, approve, reject...): see applyStaffTransition. */
export async function transitionRequest(
  ctx: TContext,
  requestId: string,
  action: TRequestAction,
  message: string,
  overrideReason = '',
): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => presentRequest(tx, actor, await applyStaffTransition(tx, ctx, requestId, action, message, overrideReason)));
}
