import { type TWorkflow } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { workflows } from '../schema.js';
import { presentWorkflows } from '../workflow.presenter.js';
import { writeSteps } from '../workflow-steps.js';
import {
  SPONSORSHIP_EVENT,
  asWorkflowInput,
  checkDepartmentSteps,
  departmentOf,
  type TDeptWorkflowInput,
} from '../department-workflow-rules.js';

/** Creates a sponsorship-request workflow of the caller's department. */
export async function createDeptWorkflow(ctx: TContext, input: TDeptWorkflowInput): Promise<TWorkflow> {
  const actor = requireActor(ctx);
  const departmentId = departmentOf(actor);
  return ctx.db(async (tx) => {
    await checkDepartmentSteps(tx, ctx.institutionId, departmentId, input);
    const [w] = await tx
      .insert(workflows)
      .values({
        institutionId: ctx.institutionId,
        name: input.name,
        eventCode: SPONSORSHIP_EVENT,
        departmentId,
        isActive: input.isActive,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await writeSteps(tx, ctx, w!.id, asWorkflowInput(input));
    const [out] = await presentWorkflows(tx, [w!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: w!.id,
      action: 'workflow.created',
      after: { ...out, departmentId },
      ip: ctx.ip,
    });
    return out!;
  });
}
