import { eq } from 'drizzle-orm';
import { DECISION_MSG, MSG, REQUEST_TRANSITIONS, type TRequestAction } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { chains, kindOf } from '../extensions.js';
import { type TRequestRow } from '../request.policy.js';
import { auditShape } from '../request.presenter.js';
import { assertTransition } from '../request.workflow.js';
import { requests } from '../schema.js';
import { lockRequest, typeOf } from '../request-locks.js';
import { refuseOwnedElsewhere } from '../request-guards.js';
import { tellRequester } from '../request-notices.js';

const FINAL_DECISIONS = new Set<TRequestAction>(['approve', 'complete', 'dismiss', 'reject']);
/** Actions whose message is the requester's to act on (kept on the request as its status message). */
const MESSAGE_ACTIONS = new Set<TRequestAction>(['request_clarification', 'reject']);

/**
 * One staff transition inside the caller's transaction (the row is locked here). Approving a request
 * whose type's workflow asks approvers first is refused until they have approved, unless the caller
 * overrides with a reason, kept in the request's history as an event of its own
 * (docs/product/requests.md#approvers-before-the-office). A message on any other decision is an
 * optional comment: in the history and in the requester's e-mail.
 */
export async function applyStaffTransition(
  tx: TTx,
  ctx: TContext,
  requestId: string,
  action: TRequestAction,
  message: string,
  overrideReason = '',
): Promise<TRequestRow> {
  const actor = requireActor(ctx);
  const row = await lockRequest(tx, ctx, requestId, 'process');
  if (REQUEST_TRANSITIONS[action].by !== 'staff')
    throw badRequest('This action is not taken by office staff.', { action: [MSG.invalidValue] });
  await refuseOwnedElsewhere(tx, row);
  const to = assertTransition(row.status, action);
  if (REQUEST_TRANSITIONS[action].needsMessage && !message.trim()) {
    throw badRequest(action === 'reject' ? 'Please give a reason.' : 'Please write what needs clarifying.', { message: [MSG.required] });
  }
  const type = await typeOf(tx, row);
  // Only an approval the approvers have not given yet is an override; a reason given without need changes nothing.
  let override = false;
  if (action === 'approve') {
    const check = await chains().check(tx, row.id, type.workflowId);
    if (check.required && !check.approved) {
      if (!overrideReason.trim())
        throw new AppError(409, 'APPROVERS_FIRST', DECISION_MSG.approversFirst(row.number, check.steps, row.status === 'adv_review'), {
          overrideReason: [DECISION_MSG.overrideReasonRequired],
        });
      override = true;
    }
  }
  const set: Partial<typeof requests.$inferInsert> = { status: to, updatedAt: new Date() };
  if (MESSAGE_ACTIONS.has(action)) set.statusMessage = message.trim();
  if (FINAL_DECISIONS.has(action)) set.decidedAt = new Date();
  if (action === 'send_to_approver') {
    if (!type.workflowId)
      throw badRequest(`The request type ${type.name} has no approval workflow. Choose one in Request Configuration first.`);
    await chains().start(tx, ctx, row, type.workflowId);
    set.isLocked = true;
  }
  // Leaving approver review by a decision: the approvers still asked are no longer needed (their links stop working).
  if (row.status === 'adv_review' && (action === 'dismiss' || action === 'reject' || action === 'approve')) {
    await chains().cancel(tx, row.id);
    set.isLocked = false;
  }
  const [updated] = await tx.update(requests).set(set).where(eq(requests.id, row.id)).returning();
  const comment = message.trim();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: actor.userId,
    entityType: 'request',
    entityId: row.id,
    action: override ? 'request.approve_override' : `request.${action}`,
    before: auditShape(row),
    after: {
      ...auditShape(updated!),
      ...(comment ? (MESSAGE_ACTIONS.has(action) ? { message: comment } : { comment }) : {}),
      ...(override ? { overrideReason: overrideReason.trim() } : {}),
    },
    ip: ctx.ip,
  });
  // What approving means to the request's owner (a student's record changes, SEVIS hears of it), in this transaction.
  if (action === 'approve') await kindOf(type.code, row)?.onApproved?.(tx, ctx, updated!, type.code);
  const what: Partial<Record<TRequestAction, string>> = {
    request_clarification: 'needs clarification',
    approve: 'was approved',
    reject: 'was rejected',
    complete: 'was completed',
    dismiss: 'was dismissed',
  };
  if (what[action]) {
    const extra =
      action === 'request_clarification'
        ? `The office asks:\n${comment}`
        : action === 'reject'
          ? `Reason:\n${comment}`
          : comment
            ? `Comment from the office:\n${comment}`
            : '';
    await tellRequester(tx, ctx, updated!, type.name, what[action], extra);
  }
  const steps: Partial<Record<TRequestAction, string>> = {
    start_review: 'is being reviewed by the office',
    send_to_approver: 'was sent to the approvers',
    awaiting_adjudication: 'is awaiting adjudication',
  };
  if (steps[action]) await tellRequester(tx, ctx, updated!, type.name, steps[action], '', { email: false });
  return updated!;
}
