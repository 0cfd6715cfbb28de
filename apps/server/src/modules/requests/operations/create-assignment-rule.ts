import { sql } from 'drizzle-orm';
import type { requestsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { assertRuleInput, presentRules, ruleAuditShape, type TRuleInput } from '../assignment-rules.js';
import { requestAssignmentRules } from '../schema.js';

/** Adds a rule after the existing ones (docs/product/requests.md#assignment-rules). */
export async function createAssignmentRule(ctx: TContext, input: TRuleInput): Promise<requestsApi.TAssignmentRule> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await assertRuleInput(tx, ctx.institutionId, input);
    // Rules added at the same time queue here, so each takes its own place at the end.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ctx.institutionId} || ':request-assignment-rules'))`);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${requestAssignmentRules.ordinal}), 0) + 1` })
      .from(requestAssignmentRules)) as [{ next: number }];
    const [row] = await tx
      .insert(requestAssignmentRules)
      .values({ ...input, institutionId: ctx.institutionId, ordinal: Number(next) })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_assignment_rule',
      entityId: row!.id,
      action: 'request-assignment-rule.created',
      before: null,
      after: ruleAuditShape(row!),
      ip: ctx.ip,
    });
    return (await presentRules(tx, [row!]))[0]!;
  });
}
