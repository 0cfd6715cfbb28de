import { requireActor, type TContext } from '../../../platform/http/context.js';
import { candidates, departmentOf } from '../department-workflow-rules.js';

/** People and groups a department admin may choose as approvers. */
export async function listDeptApproverCandidates(ctx: TContext) {
  const departmentId = departmentOf(requireActor(ctx));
  return ctx.db((tx) => candidates(tx, ctx.institutionId, departmentId));
}
