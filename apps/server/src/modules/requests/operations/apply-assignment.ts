import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import { auditShape } from '../request.presenter.js';
import { type TRequestRow } from '../request.policy.js';
import { requests } from '../schema.js';
import { typeOf } from '../request-locks.js';
import { portalUrl } from '../request-notices.js';

/** The assignment rule that chose the assignee, when a rule did (docs/product/requests.md#assignment-rules). */
export interface TAssignedByRule {
  ruleId: string;
  ordinal: number;
}

/**
 * Writes an assignment the caller already checked (the request locked, the assignee allowed): the review
 * status follows, the History Log records it, and a new assignee other than the caller is told.
 */
export async function applyAssignment(
  tx: TTx,
  ctx: TContext,
  row: TRequestRow,
  userId: string | null,
  byRule?: TAssignedByRule,
): Promise<TRequestRow> {
  const actor = requireActor(ctx);
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
    // The History Log names the rule by its place in the order then; its id finds it while it exists.
    after: byRule
      ? { ...auditShape(updated!), assignedBy: `Assignment rule ${byRule.ordinal}`, ruleId: byRule.ruleId }
      : auditShape(updated!),
    ip: ctx.ip,
  });
  if (userId && userId !== actor.userId && userId !== row.assignedToUserId) {
    const type = await typeOf(tx, row);
    const base = await portalUrl(tx, ctx);
    const text = `${type.name} request #${row.number} was assigned to you${byRule ? ' by an assignment rule' : ''}.`;
    await notify(tx, ctx, {
      userIds: [userId],
      text,
      typeName: 'request.assigned',
      requestId: row.id,
      profileId: row.profileId,
      email: { subject: `Request #${row.number} assigned to you`, text: `${text}\n\n${base}/#/isss/request/${row.id}\n` },
    });
  }
  return updated!;
}
