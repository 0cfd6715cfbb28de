import { and, eq, inArray } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { fullName } from '../workflow.presenter.js';

/** People who may approve: staff, faculty advisors and department users. */
export async function listApproverCandidates(ctx: TContext) {
  return ctx.db(async (tx) => {
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.isActive, true), inArray(users.role, ['isssAdmin', 'advisor', 'department'])))
      .orderBy(users.lastName, users.firstName);
    return rows.map((u) => ({ userId: u.id, name: fullName(u), email: u.email, role: u.role }));
  });
}
