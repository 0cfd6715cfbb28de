import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { approvalLinks, approvals } from '../schema.js';

/** Stops a chain (request dismissed or rejected during approver review): open approvals and links end. */
export async function cancelApprovalChain(tx: TTx, requestId: string): Promise<void> {
  const open = await tx
    .update(approvals)
    .set({ status: 'cancelled' })
    .where(and(eq(approvals.requestId, requestId), inArray(approvals.status, ['pending', 'waiting'])))
    .returning({ id: approvals.id });
  if (open.length)
    await tx
      .update(approvalLinks)
      .set({ usedAt: new Date() })
      .where(
        and(
          inArray(
            approvalLinks.approvalId,
            open.map((o) => o.id),
          ),
          isNull(approvalLinks.usedAt),
        ),
      );
}
