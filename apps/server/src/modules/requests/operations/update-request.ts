import { eq } from 'drizzle-orm';
import { type TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { canAccessRequest } from '../request.policy.js';
import { auditShape, presentRequest } from '../request.presenter.js';
import { requests } from '../schema.js';
import { lockRequest } from '../request-locks.js';
import { assertAdvisor } from '../request-guards.js';

/** The requester (while editable) or staff who reach it may name the faculty advisor. */
export async function updateRequest(ctx: TContext, requestId: string, input: { advisorUserId: string | null }): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId);
    if (!canAccessRequest(actor, row, 'write') && !canAccessRequest(actor, row, 'process'))
      throw new AppError(403, 'FORBIDDEN', 'This request cannot be changed now.');
    if (row.isLocked) throw new AppError(409, 'LOCKED', 'This request is locked while it is in approver review.');
    await assertAdvisor(tx, ctx.institutionId, input.advisorUserId);
    const [updated] = await tx
      .update(requests)
      .set({ advisorUserId: input.advisorUserId, updatedAt: new Date() })
      .where(eq(requests.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row.id,
      action: 'request.updated',
      before: auditShape(row),
      after: auditShape(updated!),
      ip: ctx.ip,
    });
    return presentRequest(tx, actor, updated!);
  });
}
