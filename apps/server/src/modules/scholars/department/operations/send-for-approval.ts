import { eq } from 'drizzle-orm';
import { type scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError, badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { requests, type TRequestRow } from '../../../requests/index.js';
import { startApprovalChain } from '../../../workflows/index.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { scholarApplications } from '../../schema.js';
import { departmentOf } from '../sponsorship-fields.js';
import { presentDeptCase, sponsorshipWorkflowOf } from '../dept-case.presenter.js';
import { DEPT_MSG } from '../sponsorship-fields.js';
import { moveRequest, tellOffice } from '../sponsorship-steps.js';

/**
 * Send for approval: through the department's sponsorship workflow when Departmental Configurations
 * names one (the engine's approval chain, links e-mailed to the approvers), else straight to the office.
 */
export async function sendForApproval(ctx: TContext, applicationId: string): Promise<scholarsApi.TDeptCase> {
  const actor = requireActor(ctx);
  departmentOf(actor);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    // Lock the case: a double click sends once.
    const [locked] = await tx.select().from(scholarApplications).where(eq(scholarApplications.id, c.id)).for('update');
    if (!locked || (locked.sponsorshipState !== 'draft' && locked.sponsorshipState !== 'rejected'))
      throw new AppError(409, 'NOT_EDITABLE', DEPT_MSG.notEditable);
    if (!locked.sponsorshipRequestId) throw new AppError(500, 'INTERNAL', 'This case has no sponsorship request.');
    const [r0] = await tx.select().from(requests).where(eq(requests.id, locked.sponsorshipRequestId)).for('update');
    const workflow = await sponsorshipWorkflowOf(tx, locked.departmentId);
    if (workflow && !workflow.isActive) throw badRequest(DEPT_MSG.workflowInactive);
    let state: 'pending_approval' | 'submitted';
    let r: TRequestRow;
    if (workflow) {
      r = await moveRequest(tx, ctx, r0!, 'adv_review');
      await startApprovalChain(tx, ctx, r, workflow.id);
      state = 'pending_approval';
    } else {
      // After a rejection the engine request is already with the office (in review): nothing to move.
      r = r0!.status === 'draft' ? await moveRequest(tx, ctx, r0!, 'submitted') : r0!;
      state = 'submitted';
    }
    const [updated] = await tx
      .update(scholarApplications)
      .set({
        sponsorshipState: state,
        version: locked.version + 1,
        updatedBy: actor.userId,
        updatedAt: new Date(),
        ...(state === 'submitted' ? { submittedToIsssAt: new Date() } : {}),
      })
      .where(eq(scholarApplications.id, c.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: 'sponsorship.sent',
      before: { sponsorshipState: locked.sponsorshipState },
      after: { sponsorshipState: state, ...(workflow ? { workflow: workflow.name } : {}) },
      ip: ctx.ip,
    });
    if (state === 'submitted') await tellOffice(tx, ctx, r, updated!, scholar, 'from the department');
    return presentDeptCase(tx, updated!, scholar);
  });
}
