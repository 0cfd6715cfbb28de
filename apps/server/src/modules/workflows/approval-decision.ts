import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit/audit.js';
import type { TTx } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { type TContext } from '../../platform/http/context.js';
import { notify } from '../notifications/index.js';
import { applyApprovalOutcome, officeRecipients, requests, requestTypes } from '../requests/index.js';
import { approvalLinks, approvals } from './schema.js';
import { cancelApprovalChain } from './operations/cancel-approval-chain.js';
import { ALREADY_DECIDED, sendApprovalLink } from './approval-links.js';

/** One decision, under locks on the request and the approval, so parallel decisions give one result. */
export async function decide(tx: TTx, ctx: TContext, approvalId: string, decision: 'approve' | 'reject', comment: string) {
  const [a0] = await tx.select().from(approvals).where(eq(approvals.id, approvalId));
  if (!a0) throw notFound();
  const [r] = await tx.select().from(requests).where(eq(requests.id, a0.requestId)).for('update');
  const [a] = await tx.select().from(approvals).where(eq(approvals.id, approvalId)).for('update');
  if (!r || !a || a.status !== 'pending' || r.status !== 'adv_review') throw new AppError(409, 'ALREADY_DECIDED', ALREADY_DECIDED);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  await tx.update(approvals).set({ status, comment, decidedAt: new Date() }).where(eq(approvals.id, a.id));
  await tx
    .update(approvalLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(approvalLinks.approvalId, a.id), isNull(approvalLinks.usedAt)));
  // Others of the same group step no longer need to act.
  const siblings = await tx
    .update(approvals)
    .set({ status: 'cancelled' })
    .where(and(eq(approvals.requestId, r.id), eq(approvals.ordinal, a.ordinal), eq(approvals.status, 'pending')))
    .returning({ id: approvals.id });
  if (siblings.length)
    await tx
      .update(approvalLinks)
      .set({ usedAt: new Date() })
      .where(
        and(
          inArray(
            approvalLinks.approvalId,
            siblings.map((s) => s.id),
          ),
          isNull(approvalLinks.usedAt),
        ),
      );
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: a.approverUserId,
    entityType: 'request',
    entityId: r.id,
    action: `approval.${status}`,
    after: { approverName: a.approverName, step: a.ordinal, comment: comment || undefined },
    ip: ctx.ip,
  });
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  const approver = { userId: a.approverUserId, name: a.approverName, comment };
  if (decision === 'reject') {
    await cancelApprovalChain(tx, r.id);
    await applyApprovalOutcome(tx, ctx, r.id, 'rejected', approver);
    return { outcome: 'rejected' as const, message: `You rejected request #${r.number}. The office has been told.` };
  }
  const waiting = await tx
    .select()
    .from(approvals)
    .where(and(eq(approvals.requestId, r.id), eq(approvals.status, 'waiting')))
    .orderBy(asc(approvals.ordinal));
  if (waiting.length === 0) {
    await applyApprovalOutcome(tx, ctx, r.id, 'approved', approver);
    return { outcome: 'approved' as const, message: `You approved request #${r.number}. Thank you: every approver has now approved.` };
  }
  const next = waiting.filter((w) => w.ordinal === waiting[0]!.ordinal);
  await tx
    .update(approvals)
    .set({ status: 'pending' })
    .where(
      inArray(
        approvals.id,
        next.map((n) => n.id),
      ),
    );
  for (const n of next) await sendApprovalLink(tx, ctx, { ...n, status: 'pending' }, r, type!.name);
  await notify(tx, ctx, {
    userIds: await officeRecipients(tx, r),
    text: `${a.approverName} approved ${type!.name} request #${r.number}; it goes to the next approver.`,
    typeName: 'approval.approved',
    requestId: r.id,
    profileId: r.profileId,
  });
  return { outcome: 'approved' as const, message: `You approved request #${r.number}. It now goes to the next approver.` };
}
