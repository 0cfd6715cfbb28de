import { eq } from 'drizzle-orm';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { approvals } from '../schema.js';
import { decide } from '../approval-decision.js';

/** A signed-in approver decides one of their own pending approvals. */
export async function decideApproval(ctx: TContext, approvalId: string, decision: 'approve' | 'reject', comment: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [a] = await tx.select().from(approvals).where(eq(approvals.id, approvalId));
    if (!a || a.approverUserId !== actor.userId) throw notFound();
    return decide(tx, ctx, a.id, decision, comment);
  });
}
