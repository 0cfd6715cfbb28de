import { eq } from 'drizzle-orm';
import { type TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import { auditShape, presentRequest } from '../request.presenter.js';
import { requests } from '../schema.js';
import { lockRequest, typeOf } from '../request-locks.js';
import { assertAssignable } from '../request-assignees.js';
import { portalUrl } from '../request-notices.js';

/** Assign, reassign or unassign; only to staff who reach the request's site. */
export async function assignRequest(ctx: TContext, requestId: string, userId: string | null): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId, 'process');
    await assertAssignable(tx, row, 'userId', userId);
    const reviewStatus = userId && row.reviewStatus === 0 ? 1 : !userId && row.reviewStatus === 1 ? 0 : row.reviewStatus;
    const [updated] = await tx
      .update(requests)
      .set({ assignedToUserId: userId, reviewStatus, updatedAt: new Date() })
      .where(eq(requests.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row.id,
      action: row.assignedToUserId ? (userId ? 'request.reassigned' : 'request.unassigned') : 'request.assigned',
      before: auditShape(row),
      after: auditShape(updated!),
      ip: ctx.ip,
    });
    if (userId && userId !== actor.userId && userId !== row.assignedToUserId) {
      const type = await typeOf(tx, row);
      const base = await portalUrl(tx, ctx);
      const text = `${type.name} request #${row.number} was assigned to you.`;
      await notify(tx, ctx, {
        userIds: [userId],
        text,
        typeName: 'request.assigned',
        requestId: row.id,
        profileId: row.profileId,
        email: { subject: `Request #${row.number} assigned to you`, text: `${text}\n\n${base}/#/isss/request/${row.id}\n` },
      });
    }
    return presentRequest(tx, actor, updated!);
  });
}
