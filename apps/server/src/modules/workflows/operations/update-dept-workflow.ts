import { and, eq, inArray } from 'drizzle-orm';
import { type TWorkflow } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { approvals, workflows, workflowSteps } from '../schema.js';
import { presentWorkflows } from '../workflow.presenter.js';
import { writeSteps } from '../workflow-steps.js';
import { asWorkflowInput, checkDepartmentSteps, departmentOf, type TDeptWorkflowInput } from '../department-workflow-rules.js';

/** Changes (or activates/deactivates) one of the department's workflows; any other workflow is not found. */
export async function updateDeptWorkflow(ctx: TContext, workflowId: string, input: TDeptWorkflowInput): Promise<TWorkflow> {
  const actor = requireActor(ctx);
  const departmentId = departmentOf(actor);
  return ctx.db(async (tx) => {
    const [before] = await tx
      .select()
      .from(workflows)
      .where(and(eq(workflows.id, workflowId), eq(workflows.departmentId, departmentId)))
      .for('update');
    if (!before) throw notFound();
    await checkDepartmentSteps(tx, ctx.institutionId, departmentId, input);
    const [beforeOut] = await presentWorkflows(tx, [before]);
    const [w] = await tx
      .update(workflows)
      .set({ name: input.name, isActive: input.isActive, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(workflows.id, workflowId))
      .returning();
    // Approvals already under way keep their approvers (they copied them); detach the old steps first.
    const old = await tx.select({ id: workflowSteps.id }).from(workflowSteps).where(eq(workflowSteps.workflowId, workflowId));
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
    await writeSteps(tx, ctx, workflowId, asWorkflowInput(input));
    const [out] = await presentWorkflows(tx, [w!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: workflowId,
      action: 'workflow.updated',
      before: beforeOut,
      after: out,
      ip: ctx.ip,
    });
    return out!;
  });
}
