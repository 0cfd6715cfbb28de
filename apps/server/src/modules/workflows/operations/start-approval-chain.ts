import { and, asc, eq, inArray } from 'drizzle-orm';
import { workflowsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { requestTypes, type TRequestRow } from '../../requests/index.js';
import { approvals, userGroupMembers, workflows, workflowSteps } from '../schema.js';
import { sendApprovalLink, type TApproval } from '../approval-links.js';

/** Creates the approvals of a workflow for a request entering approver review: step 1 pending, the rest waiting. */
export async function startApprovalChain(tx: TTx, ctx: TContext, r: TRequestRow, workflowId: string): Promise<void> {
  const [wf] = await tx.select().from(workflows).where(eq(workflows.id, workflowId));
  if (!wf?.isActive)
    throw badRequest(
      `The approval workflow ${wf?.name ?? ''} is inactive. Activate it in Approval Workflows, or choose another for this request type.`,
    );
  const steps = await tx.select().from(workflowSteps).where(eq(workflowSteps.workflowId, workflowId)).orderBy(asc(workflowSteps.ordinal));
  if (steps.length === 0) throw badRequest('The approval workflow of this request type has no approvers.');
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  const first = steps[0]!.ordinal;
  const created: TApproval[] = [];
  for (const s of steps) {
    let approverIds: string[] = [];
    if (s.approverKind === 'user' && s.approverUserId) approverIds = [s.approverUserId];
    if (s.approverKind === 'faculty_advisor') {
      if (!r.advisorUserId)
        throw badRequest('This request names no faculty advisor. Choose the faculty advisor on the request first.', {
          advisorUserId: ['Required field'],
        });
      approverIds = [r.advisorUserId];
    }
    if (s.approverKind === 'group' && s.approverGroupId) {
      approverIds = (
        await tx.select({ id: userGroupMembers.userId }).from(userGroupMembers).where(eq(userGroupMembers.groupId, s.approverGroupId))
      ).map((m) => m.id);
    }
    // Only someone who may approve is asked (docs/product/workflows.md#who-may-approve), whatever a step
    // saved before that rule held names: the advisor named on the request must be a faculty advisor.
    const roles = s.approverKind === 'faculty_advisor' ? ['advisor'] : [...workflowsApi.APPROVER_ROLES];
    const people = approverIds.length
      ? await tx
          .select()
          .from(users)
          .where(
            and(
              inArray(users.id, approverIds),
              eq(users.institutionId, ctx.institutionId),
              eq(users.isActive, true),
              inArray(users.role, roles),
            ),
          )
      : [];
    if (people.length === 0)
      throw badRequest(`Step ${s.ordinal} of the approval workflow (${s.label || s.approverKind}) has no active approver.`);
    // A group step: each member gets their own approval; the first decision settles the step.
    const rows = await tx
      .insert(approvals)
      .values(
        people.map((p) => ({
          institutionId: ctx.institutionId,
          requestId: r.id,
          workflowStepId: s.id,
          ordinal: s.ordinal,
          approverUserId: p.id,
          approverName: `${p.firstName} ${p.lastName}`,
          approverEmail: p.email,
          status: s.ordinal === first ? 'pending' : 'waiting',
        })),
      )
      .returning();
    created.push(...rows);
  }
  for (const a of created.filter((x) => x.status === 'pending')) await sendApprovalLink(tx, ctx, a, r, type!.name);
}
