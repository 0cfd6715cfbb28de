import { eq, sql } from 'drizzle-orm';
import type { requestsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { orderedRules, presentRules } from '../assignment-rules.js';
import { requestAssignmentRules } from '../schema.js';

const CHANGED = 'The rules changed meanwhile: reload the page and try again.';

/** The order given must name every rule exactly once (a stale page cannot drop rules from the order). */
export async function reorderAssignmentRules(ctx: TContext, ids: string[]): Promise<requestsApi.TAssignmentRule[]> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ctx.institutionId} || ':request-assignment-rules'))`);
    const rows = await orderedRules(tx);
    const known = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== rows.length || !ids.every((i) => known.has(i)))
      throw badRequest(CHANGED, { ids: [CHANGED] });
    for (const [i, id] of ids.entries())
      await tx
        .update(requestAssignmentRules)
        .set({ ordinal: i + 1, updatedAt: new Date() })
        .where(eq(requestAssignmentRules.id, id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_assignment_rules',
      entityId: ctx.institutionId,
      action: 'request-assignment-rules.reordered',
      before: { order: rows.map((r) => r.id) },
      after: { order: ids },
      ip: ctx.ip,
    });
    return presentRules(tx, await orderedRules(tx));
  });
}
