import { eq } from 'drizzle-orm';
import { type TRequestAction } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import { kindOf } from '../extensions.js';
import { auditShape } from '../request.presenter.js';
import { assertTransition } from '../request.workflow.js';
import { requests } from '../schema.js';
import { typeOf } from '../request-locks.js';
import { officeRecipients, tellRequester } from '../request-notices.js';

/**
 * The approval chain's outcome (called by the workflows module inside its transaction): unlock and
 * return to In Review; a rejection marks it 'Require resolution'.
 */
export async function applyApprovalOutcome(
  tx: TTx,
  ctx: TContext,
  requestId: string,
  outcome: 'approved' | 'rejected',
  approver: { userId: string | null; name: string; comment: string },
): Promise<void> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!row) throw notFound();
  const action: TRequestAction = outcome === 'approved' ? 'approvers_approved' : 'approvers_rejected';
  const to = assertTransition(row.status, action);
  const [updated] = await tx
    .update(requests)
    .set({
      status: to,
      isLocked: false,
      updatedAt: new Date(),
      ...(outcome === 'rejected' ? { reviewStatus: 4 } : {}),
    })
    .where(eq(requests.id, row.id))
    .returning();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: approver.userId,
    entityType: 'request',
    entityId: row.id,
    action: `request.${action}`,
    before: auditShape(row),
    after: { ...auditShape(updated!), approverName: approver.name, comment: approver.comment || undefined },
    ip: ctx.ip,
  });
  const type = await typeOf(tx, row);
  // The module that owns this kind of request (e.g. scholars' sponsorship requests, approved inside a
  // department before the office sees them) moves its own record and tells the right people itself.
  const owner = kindOf(type.code, row);
  if (owner?.onApprovalOutcome) {
    await owner.onApprovalOutcome(tx, ctx, { request: updated!, outcome, approver });
    return;
  }
  const text =
    outcome === 'approved'
      ? `All approvers approved ${type.name} request #${row.number}; it is back in review.`
      : `${approver.name} rejected ${type.name} request #${row.number}; it requires resolution.`;
  await notify(tx, ctx, {
    userIds: await officeRecipients(tx, updated!),
    text,
    typeName: `request.${action}`,
    requestId: row.id,
    profileId: row.profileId,
    email: {
      subject: `Request #${row.number}: approver review finished`,
      text: `${text}${approver.comment ? `\n\nComment: ${approver.comment}` : ''}\n`,
    },
  });
  await tellRequester(tx, ctx, updated!, type.name, 'finished approver review and is back with the office', '', { email: false });
}
