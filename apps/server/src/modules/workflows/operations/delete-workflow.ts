import { and, eq, inArray } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { approvals, workflows, workflowSteps } from '../schema.js';
import { sql } from 'drizzle-orm';
import { officeWorkflow } from '../workflow-steps.js';
import { presentWorkflows } from '../workflow.presenter.js';

/**
 * Deletes a workflow. Refused while a request type still uses it (choose another first) or a
 * request is in approver review with it; decided approvals keep their approver and comment.
 */
export async function deleteWorkflow(ctx: TContext, id: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(workflows).where(officeWorkflow(id)).for('update');
    if (!before) throw notFound();
    const types = (await tx.execute(sql`select name from request_types where workflow_id = ${id} order by name`)).rows as {
      name: string;
    }[];
    if (types.length) {
      throw new AppError(
        409,
        'IN_USE',
        `This workflow is used by ${types.map((t) => t.name).join(', ')}. Choose another workflow for ${types.length === 1 ? 'it' : 'them'} in Request Configuration first.`,
      );
    }
    const steps = await tx.select({ id: workflowSteps.id }).from(workflowSteps).where(eq(workflowSteps.workflowId, id));
    const stepIds = steps.map((s) => s.id);
    if (stepIds.length) {
      const [open] = await tx
        .select({ id: approvals.id })
        .from(approvals)
        .where(and(inArray(approvals.workflowStepId, stepIds), inArray(approvals.status, ['waiting', 'pending'])))
        .limit(1);
      if (open)
        throw new AppError(
          409,
          'IN_USE',
          'A request is in approver review with this workflow. Wait until its approvers have decided, or dismiss it, before deleting the workflow.',
        );
      await tx.update(approvals).set({ workflowStepId: null }).where(inArray(approvals.workflowStepId, stepIds));
    }
    const [beforeOut] = await presentWorkflows(tx, [before]);
    await tx.delete(workflowSteps).where(eq(workflowSteps.workflowId, id));
    await tx.delete(workflows).where(eq(workflows.id, id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: id,
      action: 'workflow.deleted',
      before: beforeOut,
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
