import type { sevisApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { requeueSevisEvent as requeue } from '../../../students/index.js';
import { assertEventOfficer } from './event-officer.js';

/** "Send again": a failed or held-back update is pending for the next batch (docs/product/sevis-batches.md#fixing-what-did-not-go-through). */
export async function requeueSevisEvent(ctx: TContext, eventId: string): Promise<sevisApi.TSevisEventChange> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await assertEventOfficer(tx, actor, eventId);
    const e = await requeue(tx, ctx, eventId);
    return { eventId: e.id, status: e.status, message: e.message };
  });
}
