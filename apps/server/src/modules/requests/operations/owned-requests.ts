import { eq, inArray } from 'drizzle-orm';
import { REQUEST_TRANSITIONS, type TRequestAction, type TRequestStatus } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TRequestRow } from '../request.policy.js';
import { assertTransition } from '../request.workflow.js';
import { requests, requestTypes } from '../schema.js';
import { nextRequestNumber } from './requests.js';

/*
 * What a module that owns a kind of request (scholars' sponsorship requests and program applications,
 * students' own requests) may do to its requests. The engine alone writes its table: owners move their
 * requests through these, so numbering, the state machine and the History Log stay the engine's.
 */

const FINAL = new Set<string>(['completed', 'dismissed', 'rejected']);

/**
 * Opens a request for a module that starts requests itself (the office starting one for a student, a
 * department's sponsorship request, a scholar's program application), numbered in the institution's
 * sequence. The type is named by its id or its code; the caller audits the start on its own record.
 */
export async function openRequest(
  tx: TTx,
  ctx: TContext,
  input: {
    type: { id: string } | { code: string };
    requesterUserId: string;
    subjectUserId: string | null;
    departmentId?: string | null | undefined;
    campusSiteId?: number | null | undefined;
    profileId?: string | null | undefined;
    title: string;
    data?: Record<string, unknown> | undefined;
  },
): Promise<TRequestRow> {
  const [type] = await tx
    .select()
    .from(requestTypes)
    .where('id' in input.type ? eq(requestTypes.id, input.type.id) : eq(requestTypes.code, input.type.code));
  if (!type) {
    const name = 'id' in input.type ? input.type.id : input.type.code;
    throw new AppError(500, 'NO_REQUEST_TYPE', `The request type ${name} is missing; it was not set up for this institution.`);
  }
  const [row] = await tx
    .insert(requests)
    .values({
      institutionId: ctx.institutionId,
      number: await nextRequestNumber(tx, ctx.institutionId),
      requestTypeId: type.id,
      requesterUserId: input.requesterUserId,
      subjectUserId: input.subjectUserId,
      departmentId: input.departmentId ?? null,
      campusSiteId: input.campusSiteId ?? null,
      profileId: input.profileId ?? null,
      title: input.title,
      ...(input.data ? { data: input.data } : {}),
    })
    .returning();
  return row!;
}

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

/**
 * Closes an owned request with its owner's record (completed, dismissed or rejected), whatever open
 * state it is in; a request already closed stays as it is.
 */
export async function closeOwnedRequest(
  tx: TTx,
  ctx: TContext,
  requestId: string | null,
  status: 'completed' | 'dismissed' | 'rejected',
  message = '',
): Promise<void> {
  if (!requestId) return;
  const [r] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!r || FINAL.has(r.status)) return;
  await tx
    .update(requests)
    .set({ status, isLocked: false, decidedAt: new Date(), updatedAt: new Date(), ...(message ? { statusMessage: message } : {}) })
    .where(eq(requests.id, r.id));
  const action = status === 'completed' ? 'complete' : status === 'dismissed' ? 'dismiss' : 'reject';
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'request',
    entityId: r.id,
    action: `request.${action}`,
    before: { status: r.status },
    after: { status, ...(message ? { message } : {}) },
    ip: ctx.ip,
  });
}

/** Replaces what an owned request says (its title, its own form's data); the owner audits the change on its record. */
export async function updateOwnedRequestContent(
  tx: TTx,
  requestId: string,
  content: { title?: string | undefined; data?: Record<string, unknown> | undefined },
): Promise<TRequestRow> {
  const [updated] = await tx
    .update(requests)
    .set({
      ...(content.title !== undefined ? { title: content.title } : {}),
      ...(content.data !== undefined ? { data: content.data } : {}),
      updatedAt: new Date(),
    })
    .where(eq(requests.id, requestId))
    .returning();
  return updated!;
}

/** Makes a person the subject of requests (a scholar who now has a portal account fills their case's requests). */
export async function setRequestSubject(tx: TTx, requestIds: string[], subjectUserId: string): Promise<void> {
  if (requestIds.length) await tx.update(requests).set({ subjectUserId }).where(inArray(requests.id, requestIds));
}
