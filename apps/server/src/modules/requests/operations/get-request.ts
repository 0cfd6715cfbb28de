import { type TRequestDetail } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../request.policy.js';
import { presentRequest } from '../request.presenter.js';

/** A request the caller may read, with what they may do to it. */
export async function getRequest(ctx: TContext, requestId: string): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => presentRequest(tx, actor, await getAccessibleRequest(tx, ctx, requestId, 'read')));
}
