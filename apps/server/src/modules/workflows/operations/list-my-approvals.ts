import { and, asc, eq } from 'drizzle-orm';
import { type TApprovalSummary } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { approvals } from '../schema.js';
import { presentApprovalSummary } from '../approval.presenter.js';

/** The approvals waiting for the signed-in approver, oldest first. */
export async function listMyApprovals(ctx: TContext) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .select()
      .from(approvals)
      .where(and(eq(approvals.approverUserId, actor.userId), eq(approvals.status, 'pending')))
      .orderBy(asc(approvals.createdAt));
    const out: TApprovalSummary[] = [];
    for (const a of rows) out.push(await presentApprovalSummary(tx, a));
    return out;
  });
}
