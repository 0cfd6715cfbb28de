import { and, eq } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';

/** Faculty advisors of the institution a requester may name. */
export async function listAdvisors(ctx: TContext) {
  return ctx.db(async (tx) => {
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.institutionId, ctx.institutionId), eq(users.role, 'advisor'), eq(users.isActive, true)))
      .orderBy(users.lastName, users.firstName);
    return rows.map((u) => ({ userId: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email }));
  });
}
