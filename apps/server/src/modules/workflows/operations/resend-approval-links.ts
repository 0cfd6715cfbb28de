import { and, eq, inArray, isNull } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { requestTypes, type TRequestRow } from '../../requests/index.js';
import { approvalLinks, approvals } from '../schema.js';
import { sendApprovalLink } from '../approval-links.js';

/** New links for the pending approvers of a request in approver review; unused earlier links are retired. */
export async function resendApprovalLinks(tx: TTx, ctx: TContext, r: TRequestRow): Promise<number> {
  if (r.status !== 'adv_review')
    throw new AppError(409, 'ILLEGAL_TRANSITION', 'This request is not in approver review; there is no approver to remind.');
  const pending = await tx
    .select()
    .from(approvals)
    .where(and(eq(approvals.requestId, r.id), eq(approvals.status, 'pending')));
  if (pending.length === 0) return 0;
  await tx
    .update(approvalLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        inArray(
          approvalLinks.approvalId,
          pending.map((p) => p.id),
        ),
        isNull(approvalLinks.usedAt),
      ),
    );
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  for (const a of pending) await sendApprovalLink(tx, ctx, a, r, type!.name);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'request',
    entityId: r.id,
    action: 'approval.links-resent',
    after: { approvers: pending.map((p) => p.approverName).join(', ') },
    ip: ctx.ip,
  });
  return pending.length;
}
