import { type sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { pendingEvents } from '../queries/batch-pending.query.js';

/** The pending SEVIS updates the caller prepares, filtered and paged. */
export async function listPendingEvents(ctx: TContext, q: z.output<typeof sevisApi.ZListPendingEventsQuery>) {
  const actor = requireActor(ctx);
  return ctx.db((tx) => pendingEvents(tx, actor, q));
}
