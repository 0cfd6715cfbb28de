import type { sevisApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { cancelSevisEvent as cancel } from '../../../students/index.js';
import { assertEventOfficer } from './event-officer.js';

/** "Cancel update" with the office's reason, audited on the record (docs/product/sevis-batches.md#fixing-what-did-not-go-through). */
export async function cancelSevisEvent(ctx: TContext, eventId: string, input: { reason: string }): Promise<sevisApi.TSevisEventChange> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await assertEventOfficer(tx, actor, eventId);
    const e = await cancel(tx, ctx, eventId, input.reason);
    return { eventId: e.id, status: e.status, message: e.message };
  });
}
