import { eq } from 'drizzle-orm';
import { type TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError, forbidden } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { auditShape, presentRequest } from '../request.presenter.js';
import { assertTransition } from '../request.workflow.js';
import { requests } from '../schema.js';
import { lockRequest } from '../request-locks.js';
import { refuseOwnedElsewhere } from '../request-guards.js';

/** The requester cancels their own draft (it becomes Dismissed). */
export async function cancelRequest(ctx: TContext, requestId: string): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId);
    // Staff reach this route for the office's own requests (a termination they started): on anyone else's they are refused as before.
    if (row.requesterUserId !== actor.userId)
      throw actor.role === 'isssAdmin' ? forbidden() : new AppError(403, 'FORBIDDEN', 'Only the requester can cancel this request.');
    await refuseOwnedElsewhere(tx, row);
    const to = assertTransition(row.status, 'cancel');
    const [updated] = await tx
      .update(requests)
      .set({ status: to, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(requests.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row.id,
      action: 'request.cancelled',
      before: auditShape(row),
      after: auditShape(updated!),
      ip: ctx.ip,
    });
    return presentRequest(tx, actor, updated!);
  });
}
