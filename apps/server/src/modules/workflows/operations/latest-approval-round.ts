import { asc, eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { approvals } from '../schema.js';
import { type TApproval } from '../approval-links.js';

/**
 * The decisions of a request's latest approval round (a request may go to approver review more than
 * once; one round is created in one transaction, so its rows share created_at).
 */
export async function latestApprovalRound(tx: TTx, requestId: string): Promise<TApproval[]> {
  const chain = await tx
    .select()
    .from(approvals)
    .where(eq(approvals.requestId, requestId))
    .orderBy(asc(approvals.createdAt), asc(approvals.ordinal));
  const latest = Math.max(0, ...chain.map((a) => a.createdAt.getTime()));
  return chain.filter((a) => a.createdAt.getTime() === latest);
}
