import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { ruleAuditShape } from '../assignment-rules.js';
import { requestAssignmentRules } from '../schema.js';

/** Removes a rule; requests it assigned keep their assignee. */
export async function deleteAssignmentRule(ctx: TContext, ruleId: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [row] = await tx.delete(requestAssignmentRules).where(eq(requestAssignmentRules.id, ruleId)).returning();
    if (!row) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_assignment_rule',
      entityId: ruleId,
      action: 'request-assignment-rule.deleted',
      before: ruleAuditShape(row),
      after: null,
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
