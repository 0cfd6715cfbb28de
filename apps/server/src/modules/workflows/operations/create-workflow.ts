import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { workflows } from '../schema.js';
import { checkSteps, type TWorkflowInput, writeSteps } from '../workflow-steps.js';
import { presentWorkflows } from '../workflow.presenter.js';

/** Adds an office approval workflow with its steps. */
export async function createWorkflow(ctx: TContext, input: TWorkflowInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await checkSteps(tx, ctx, input);
    const [w] = await tx
      .insert(workflows)
      .values({
        institutionId: ctx.institutionId,
        name: input.name,
        eventCode: input.eventCode,
        isActive: input.isActive,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await writeSteps(tx, ctx, w!.id, input);
    const [out] = await presentWorkflows(tx, [w!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: w!.id,
      action: 'workflow.created',
      after: out,
      ip: ctx.ip,
    });
    return out!;
  });
}
