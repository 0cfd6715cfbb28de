import { desc, eq, sql } from 'drizzle-orm';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { summariesOf } from '../request.presenter.js';
import { requests, requestTypes } from '../schema.js';

/** The caller's own requests (as requester or subject), newest first. */
export async function listMyRequests(ctx: TContext) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .select({ r: requests, code: requestTypes.code, name: requestTypes.name })
      .from(requests)
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .where(sql`${requests.requesterUserId} = ${actor.userId} or ${requests.subjectUserId} = ${actor.userId}`)
      .orderBy(desc(requests.updatedAt))
      .limit(500);
    return summariesOf(tx, rows);
  });
}
