import { and, eq, inArray } from 'drizzle-orm';
import { workflowsApi } from '@meridian/domain';
import { type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { fullName } from '../workflow.presenter.js';

/**
 * People who may approve (docs/product/workflows.md#who-may-approve): active office staff, department
 * users and faculty advisors of the institution; never students or scholars.
 */
export async function listApproverCandidates(ctx: TContext) {
  return ctx.db(async (tx) => {
    const rows = await tx
      .select()
      .from(users)
      .where(
        and(eq(users.institutionId, ctx.institutionId), eq(users.isActive, true), inArray(users.role, [...workflowsApi.APPROVER_ROLES])),
      )
      .orderBy(users.lastName, users.firstName);
    return rows.map((u) => ({ userId: u.id, name: fullName(u), email: u.email, role: u.role }));
  });
}
