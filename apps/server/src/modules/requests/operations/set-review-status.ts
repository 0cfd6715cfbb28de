import { eq } from 'drizzle-orm';
import { type TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { auditShape, presentRequest } from '../request.presenter.js';
import { requests } from '../schema.js';
import { lockRequest } from '../request-locks.js';

/** Sets the office's own review marker of a request (staff who process it). */
export async function setReviewStatus(ctx: TContext, requestId: string, reviewStatus: number): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId, 'process');
    const [updated] = await tx.update(requests).set({ reviewStatus, updatedAt: new Date() }).where(eq(requests.id, row.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row.id,
      action: 'request.review-status',
      before: auditShape(row),
      after: auditShape(updated!),
      ip: ctx.ip,
    });
    return presentRequest(tx, actor, updated!);
  });
}
