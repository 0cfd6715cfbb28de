import { type sevisApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { pendingGroups } from '../queries/batch-pending.query.js';
import { senderScopes } from '../batch-senders.js';

/** Batch Manager: pending and held events by OrgID. */
export async function listPendingGroups(ctx: TContext): Promise<{ items: sevisApi.TPendingGroup[] }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => ({ items: await pendingGroups(tx, actor, await senderScopes(tx, actor.userId)) }));
}
