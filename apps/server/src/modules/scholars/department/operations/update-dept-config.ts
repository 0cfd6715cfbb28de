import { eq } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { workflows } from '../../../workflows/index.js';
import { departmentConfigs } from '../../schema.js';
import { departmentOf } from '../sponsorship-fields.js';
import { presentDeptConfig, type TInput } from '../department-config.js';

/** Saves contacts, sites of activity and the sponsorship workflow (one of the department's own, active). */
export async function updateDeptConfig(ctx: TContext, input: TInput): Promise<scholarsApi.TDeptConfig> {
  const actor = requireActor(ctx);
  const departmentId = departmentOf(actor);
  return ctx.db(async (tx) => {
    if (input.sponsorshipWorkflowId) {
      const [w] = await tx.select().from(workflows).where(eq(workflows.id, input.sponsorshipWorkflowId));
      if (!w || w.departmentId !== departmentId)
        throw badRequest('Choose one of your department’s workflows.', {
          sponsorshipWorkflowId: ['Choose one of your department’s workflows.'],
        });
      if (!w.isActive)
        throw badRequest(scholarsApi.DEPT_MSG.workflowInactive, { sponsorshipWorkflowId: [scholarsApi.DEPT_MSG.workflowInactive] });
    }
    const before = await presentDeptConfig(tx, departmentId);
    const values = {
      contacts: input.contacts,
      sitesOfActivity: input.sitesOfActivity,
      sponsorshipWorkflowId: input.sponsorshipWorkflowId,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(departmentConfigs)
      .values({ departmentId, institutionId: ctx.institutionId, ...values })
      .onConflictDoUpdate({ target: departmentConfigs.departmentId, set: values });
    const after = await presentDeptConfig(tx, departmentId);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'department_config',
      entityId: departmentId,
      action: 'department-config.updated',
      before: { contacts: before.contacts, sitesOfActivity: before.sitesOfActivity, sponsorshipWorkflowId: before.sponsorshipWorkflowId },
      after: { contacts: after.contacts, sitesOfActivity: after.sitesOfActivity, sponsorshipWorkflowId: after.sponsorshipWorkflowId },
      ip: ctx.ip,
    });
    return after;
  });
}
