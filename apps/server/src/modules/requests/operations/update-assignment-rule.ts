import { eq } from 'drizzle-orm';
import type { requestsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { assertRuleInput, presentRules, ruleAuditShape, type TRuleInput } from '../assignment-rules.js';
import { requestAssignmentRules } from '../schema.js';

/** Changes a rule's conditions or assignee, or activates or deactivates it; its place in the order stays. */
export async function updateAssignmentRule(ctx: TContext, ruleId: string, input: TRuleInput): Promise<requestsApi.TAssignmentRule> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(requestAssignmentRules).where(eq(requestAssignmentRules.id, ruleId)).for('update');
    if (!before) throw notFound();
    await assertRuleInput(tx, ctx.institutionId, input);
    const [row] = await tx
      .update(requestAssignmentRules)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(requestAssignmentRules.id, ruleId))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_assignment_rule',
      entityId: ruleId,
      action: 'request-assignment-rule.updated',
      before: ruleAuditShape(before),
      after: ruleAuditShape(row!),
      ip: ctx.ip,
    });
    return (await presentRules(tx, [row!]))[0]!;
  });
}
