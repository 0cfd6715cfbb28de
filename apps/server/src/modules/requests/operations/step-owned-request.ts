import { eq } from 'drizzle-orm';
import { REQUEST_TRANSITIONS, type TRequestAction, type TRequestStatus } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TRequestRow } from '../request.policy.js';
import { assertTransition } from '../request.workflow.js';
import { requests } from '../schema.js';

/**
 * One step of the state machine on an owned request, audited as the engine audits its own moves:
 * submit (a resubmission from clarification says so), send to approvers (locks it), request
 * clarification (unlocks it, with the message the requester sees).
 */
export async function stepOwnedRequest(
  tx: TTx,
  ctx: TContext,
  r: TRequestRow,
  action: Extract<TRequestAction, 'submit' | 'send_to_approver' | 'request_clarification'>,
  opts: { message?: string } = {},
): Promise<TRequestRow> {
  const status = assertTransition(r.status, action);
  const now = new Date();
  const set: Partial<typeof requests.$inferInsert> = { status, updatedAt: now };
  if (action === 'submit') Object.assign(set, { submittedAt: now, statusMessage: '' });
  if (action === 'send_to_approver') set.isLocked = true;
  if (action === 'request_clarification') Object.assign(set, { statusMessage: opts.message ?? '', isLocked: false });
  const [updated] = await tx.update(requests).set(set).where(eq(requests.id, r.id)).returning();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'request',
    entityId: r.id,
    action: action === 'submit' && r.status !== 'draft' ? 'request.resubmitted' : `request.${action}`,
    before: { status: r.status },
    after: { status, ...(opts.message ? { message: opts.message } : {}) },
    ip: ctx.ip,
  });
  return updated!;
}

/** Whether the state machine allows an action from a request's status. */
export const canStep = (r: Pick<TRequestRow, 'status'>, action: TRequestAction): boolean =>
  REQUEST_TRANSITIONS[action].from.includes(r.status as TRequestStatus);
