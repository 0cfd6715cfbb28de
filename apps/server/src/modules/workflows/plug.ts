import { and, eq, isNull } from 'drizzle-orm';
import { provideApprovalChains, registerSubmitCheck } from '../requests/index.js';
import { approverCheck } from './operations/approver-check.js';
import { cancelApprovalChain } from './operations/cancel-approval-chain.js';
import { latestApprovalRound } from './operations/latest-approval-round.js';
import { resendApprovalLinks } from './operations/resend-approval-links.js';
import { startApprovalChain } from './operations/start-approval-chain.js';
import { workflows, workflowSteps } from './schema.js';

/** What the workflows module adds to the case engine: the approval chains of requests in approver review. */
export function plugWorkflows(): void {
  provideApprovalChains({
    start: startApprovalChain,
    cancel: cancelApprovalChain,
    resend: resendApprovalLinks,
    latestRound: latestApprovalRound,
    check: approverCheck,
    async isOfficeWorkflow(tx, workflowId) {
      // A department's own workflow (departmentId set) runs its sponsorship requests only.
      const [w] = await tx
        .select({ id: workflows.id })
        .from(workflows)
        .where(and(eq(workflows.id, workflowId), isNull(workflows.departmentId)));
      return !!w;
    },
  });
  // A workflow with a faculty-advisor step needs the advisor named before the office can send the request on.
  registerSubmitCheck('faculty-advisor', async (tx, request, type) => {
    if (!type.workflowId || request.advisorUserId) return {};
    const [step] = await tx
      .select({ id: workflowSteps.id })
      .from(workflowSteps)
      .where(and(eq(workflowSteps.workflowId, type.workflowId), eq(workflowSteps.approverKind, 'faculty_advisor')))
      .limit(1);
    return step ? { advisorUserId: ['Choose the faculty advisor who recommends this request.'] } : {};
  });
}
