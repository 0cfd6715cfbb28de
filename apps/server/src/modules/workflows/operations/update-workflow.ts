import { eq, inArray } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { approvals, workflows, workflowSteps } from '../schema.js';
import { checkSteps, officeWorkflow, type TWorkflowInput, writeSteps } from '../workflow-steps.js';
import { presentWorkflows } from '../workflow.presenter.js';

/**
 * Replaces a workflow's steps. Approvals already under way keep the approvers they were created
 * with (an approval row copies its approver), so a change never moves a request mid-review.
 */
export async function updateWorkflow(ctx: TContext, id: string, input: TWorkflowInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(workflows).where(officeWorkflow(id)).for('update');
    if (!before) throw notFound();
    await checkSteps(tx, ctx, input);
    const [beforeOut] = await presentWorkflows(tx, [before]);
    const [w] = await tx
      .update(workflows)
      .set({ name: input.name, eventCode: input.eventCode, isActive: input.isActive, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(workflows.id, id))
      .returning();
    // Steps referenced by existing approvals cannot be deleted: detach them first.
    const old = await tx.select({ id: workflowSteps.id }).from(workflowSteps).where(eq(workflowSteps.workflowId, id));
    if (old.length)
      await tx
        .update(approvals)
        .set({ workflowStepId: null })
        .where(
          inArray(
            approvals.workflowStepId,
            old.map((o) => o.id),
          ),
        );
    await writeSteps(tx, ctx, id, input);
    const [out] = await presentWorkflows(tx, [w!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: id,
      action: 'workflow.updated',
      before: beforeOut,
      after: out,
      ip: ctx.ip,
    });
    return out!;
  });
}
