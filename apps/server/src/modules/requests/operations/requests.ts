import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MSG,
  REQUEST_STATUS_LABELS,
  REQUEST_TRANSITIONS,
  visaScopeIncludes,
  ZStaffPermissions,
  type TRequestAction,
  type TRequestDetail,
  type TRequestStatus,
} from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { notify } from '../../notifications/index.js';
import { siteOfficers } from '../../people/index.js';
import { users } from '../../people/index.js';
import * as forms from '../../forms/index.js';
import { chains, kindOf, requesterFactsOf, runSubmitChecks } from '../extensions.js';
import { requestQuestionnaireIds } from '../questionnaires.js';
import { canAccessRequest, getAccessibleRequest, staffReaches, type TRequestRow } from '../request.policy.js';
import { auditShape, loadUsers, presentRequest, summaryOf } from '../request.presenter.js';
import { assertTransition } from '../request.workflow.js';
import { requests, requestTypes } from '../schema.js';

const STARTER_OF: Record<string, string> = { ISSSstudent: 'student', scholar: 'scholar', department: 'department', isssAdmin: 'staff' };
export const INCOMPLETE = 'Please complete the request before submitting: see the messages on each field.';

/**
 * Loads a request the caller may read (404 otherwise) and locks its row for the rest of the
 * transaction: double submits and parallel actions queue here and see the status the first left.
 */
async function lockRequest(tx: TTx, ctx: TContext, requestId: string, mode: 'read' | 'process' = 'read'): Promise<TRequestRow> {
  await getAccessibleRequest(tx, ctx, requestId, 'read');
  const [row] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!row) throw notFound();
  if (mode === 'process' && !staffReaches(requireActor(ctx), row)) throw new AppError(403, 'FORBIDDEN', MSG.noAccessPage);
  return row;
}

/** Where a new request belongs: the requester's own site and department, unless the module that knows them better says otherwise. */
async function requesterPlacement(tx: TTx, actor: TAuthenticatedActor) {
  const [u] = await tx.select().from(users).where(eq(users.id, actor.userId));
  const facts = await requesterFactsOf(tx, actor);
  return {
    campusSiteId: facts.campusSiteId ?? u?.campusSiteId ?? null,
    departmentId: facts.departmentId ?? u?.departmentId ?? null,
    profileId: facts.profileId ?? null,
    visaType: facts.visaType,
  };
}

async function assertAdvisor(tx: TTx, advisorUserId: string | null | undefined) {
  if (!advisorUserId) return;
  const [a] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, advisorUserId), eq(users.role, 'advisor'), eq(users.isActive, true)));
  if (!a) throw badRequest(MSG.invalidValue, { advisorUserId: ['Choose a faculty advisor from the list.'] });
}

export const NOT_AVAILABLE = 'This request type is not available to you.';

/**
 * The next request number of the institution. Numbers are per institution and gap-free enough for
 * people to quote: allocated under a transaction lock, so the caller must insert in the same transaction.
 */
export async function nextRequestNumber(tx: TTx, institutionId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${institutionId} || ':request-number'))`);
  const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${requests.number}), 1000) + 1` }).from(requests)) as [
    { next: number },
  ];
  return Number(next);
}

/** Starts a draft of an enabled request type the caller may start (a student: of their visa type, about their record). */
export async function createRequest(
  ctx: TContext,
  input: { requestTypeId: string; advisorUserId?: string | null | undefined },
): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, input.requestTypeId));
    if (!type || !type.isEnabled || !type.starters.includes(STARTER_OF[actor.role] ?? '')) {
      throw badRequest(NOT_AVAILABLE, { requestTypeId: [NOT_AVAILABLE] });
    }
    const { campusSiteId, departmentId, profileId, visaType } = await requesterPlacement(tx, actor);
    // A requester with a visa type (a student) may start only the types of that visa type.
    if (visaType !== undefined && !visaScopeIncludes(type.visaScope, visaType ?? '')) {
      throw badRequest(NOT_AVAILABLE, { requestTypeId: [NOT_AVAILABLE] });
    }
    await assertAdvisor(tx, input.advisorUserId);
    const [row] = await tx
      .insert(requests)
      .values({
        institutionId: ctx.institutionId,
        number: await nextRequestNumber(tx, ctx.institutionId),
        requestTypeId: type.id,
        requesterUserId: actor.userId,
        subjectUserId: actor.role === 'department' ? null : actor.userId,
        campusSiteId,
        departmentId,
        advisorUserId: input.advisorUserId ?? null,
        title: type.name,
        profileId,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row!.id,
      action: 'request.created',
      after: { ...auditShape(row!), type: type.code, number: row!.number },
      ip: ctx.ip,
    });
    return presentRequest(tx, actor, row!);
  });
}

export async function getRequest(ctx: TContext, requestId: string): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => presentRequest(tx, actor, await getAccessibleRequest(tx, ctx, requestId, 'read')));
}

/** The requester (while editable) or staff who reach it may name the faculty advisor. */
export async function updateRequest(ctx: TContext, requestId: string, input: { advisorUserId: string | null }): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId);
    if (!canAccessRequest(actor, row, 'write') && !canAccessRequest(actor, row, 'process'))
      throw new AppError(403, 'FORBIDDEN', 'This request cannot be changed now.');
    if (row.isLocked) throw new AppError(409, 'LOCKED', 'This request is locked while it is in approver review.');
    await assertAdvisor(tx, input.advisorUserId);
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

/** Office staff to tell about a request: the assignee, else the officers of its site (else super users). */
export async function officeRecipients(tx: TTx, r: TRequestRow): Promise<string[]> {
  return r.assignedToUserId ? [r.assignedToUserId] : siteOfficers(tx, r.campusSiteId);
}

async function typeOf(tx: TTx, r: TRequestRow) {
  const [t] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  return t!;
}

/**
 * Requests whose owner moves them itself (a scholar case keeps its case, lock and form rules in step
 * with its engine requests): the generic submit, cancel and staff transitions refuse them and say where to go.
 */
async function refuseOwnedElsewhere(tx: TTx, r: TRequestRow): Promise<void> {
  const type = await typeOf(tx, r);
  const message = kindOf(type.code)?.movedElsewhere?.(type.code);
  if (message) throw new AppError(409, 'MOVED_BY_OWNER', message);
}

async function portalUrl(tx: TTx, ctx: TContext) {
  return (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
}

async function tellRequester(
  tx: TTx,
  ctx: TContext,
  r: TRequestRow,
  typeName: string,
  what: string,
  extra = '',
  opts: { email?: boolean } = {},
) {
  const base = await portalUrl(tx, ctx);
  const text = `Your ${typeName} request #${r.number} ${what}.`;
  await notify(tx, ctx, {
    userIds: [r.requesterUserId],
    text,
    typeName: `request.${r.status}`,
    requestId: r.id,
    // Intermediate steps reach the bell only; decisions and questions also go by e-mail.
    ...(opts.email === false
      ? {}
      : {
          email: {
            subject: `Request #${r.number}: ${REQUEST_STATUS_LABELS[r.status as TRequestStatus]}`,
            text: `${text}${extra ? `\n\n${extra}` : ''}\n\nSign in to the portal to see it: ${base}/\n`,
          },
        }),
  });
}

/** The requester follows every step in the bell: what happened and who has the request now. */
export async function tellRequesterStep(tx: TTx, ctx: TContext, r: TRequestRow, what: string): Promise<void> {
  const type = await typeOf(tx, r);
  await tellRequester(tx, ctx, r, type.name, what, '', { email: false });
}

/** Submit or resubmit: completeness of questionnaires, custom questions and required documents first; answers are never touched. */
export async function submitRequest(ctx: TContext, requestId: string): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId);
    const own = row.requesterUserId === actor.userId || row.subjectUserId === actor.userId;
    if (!own) throw new AppError(403, 'FORBIDDEN', 'Only the requester can submit this request.');
    await refuseOwnedElsewhere(tx, row);
    const to = assertTransition(row.status, 'submit');
    if (row.isLocked) throw new AppError(409, 'LOCKED', 'This request is locked while it is in approver review.');
    const type = await typeOf(tx, row);
    const fieldErrors: Record<string, string[]> = {};
    // The type's questionnaires and the conditional ones the answers bring in are all checked and all marked submitted.
    const questionnaireIds = await requestQuestionnaireIds(tx, row.id, type.questionnaireIds);
    if (questionnaireIds.length) Object.assign(fieldErrors, await forms.completenessErrors(tx, 'request', row.id, questionnaireIds));
    if (type.customQuestionIds.length)
      Object.assign(fieldErrors, await forms.customCompletenessErrors(tx, 'request', row.id, type.customQuestionIds));
    // Required documents, a named faculty advisor...: what the modules above the engine require.
    Object.assign(fieldErrors, await runSubmitChecks(tx, row, type));
    // A request with a form of its own (a student's CPT, OPT...): the same rules and words as the browser.
    Object.assign(fieldErrors, (await kindOf(type.code)?.submitErrors?.(tx, row, type.code)) ?? {});
    if (Object.keys(fieldErrors).length) throw new AppError(400, 'INCOMPLETE', INCOMPLETE, fieldErrors);
    if (questionnaireIds.length) await forms.markSubmitted(tx, 'request', row.id, questionnaireIds);
    const [updated] = await tx
      .update(requests)
      .set({ status: to, submittedAt: new Date(), statusMessage: '', updatedAt: new Date() })
      .where(eq(requests.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row.id,
      action: row.status === 'draft' ? 'request.submitted' : 'request.resubmitted',
      before: auditShape(row),
      after: auditShape(updated!),
      ip: ctx.ip,
    });
    const base = await portalUrl(tx, ctx);
    const requester = (await loadUsers(tx, [row.requesterUserId])).get(row.requesterUserId);
    const text = `${requester ? `${requester.firstName} ${requester.lastName}` : 'A requester'} ${row.status === 'draft' ? 'submitted' : 'resubmitted'} ${type.name} request #${row.number}.`;
    await notify(tx, ctx, {
      userIds: await officeRecipients(tx, updated!),
      text,
      typeName: 'request.submitted',
      requestId: row.id,
      email: { subject: `Request #${row.number} submitted`, text: `${text}\n\n${base}/#/isss/request/${row.id}\n` },
    });
    await tellRequester(tx, ctx, updated!, type.name, 'was submitted; the office will review it', '', { email: false });
    return presentRequest(tx, actor, updated!);
  });
}

/** The requester cancels their own draft (it becomes Dismissed). */
export async function cancelRequest(ctx: TContext, requestId: string): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId);
    if (row.requesterUserId !== actor.userId) throw new AppError(403, 'FORBIDDEN', 'Only the requester can cancel this request.');
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

const FINAL_DECISIONS = new Set<TRequestAction>(['approve', 'complete', 'dismiss', 'reject']);

/** One staff transition inside the caller's transaction (the row is locked here). */
export async function applyStaffTransition(
  tx: TTx,
  ctx: TContext,
  requestId: string,
  action: TRequestAction,
  message: string,
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
  const set: Partial<typeof requests.$inferInsert> = { status: to, updatedAt: new Date() };
  if (action === 'request_clarification' || action === 'reject') set.statusMessage = message.trim();
  if (FINAL_DECISIONS.has(action)) set.decidedAt = new Date();
  if (action === 'send_to_approver') {
    if (!type.workflowId)
      throw badRequest(`The request type ${type.name} has no approval workflow. Choose one in Request Configuration first.`);
    await chains().start(tx, ctx, row, type.workflowId);
    set.isLocked = true;
  }
  if (row.status === 'adv_review' && (action === 'dismiss' || action === 'reject')) {
    await chains().cancel(tx, row.id);
    set.isLocked = false;
  }
  const [updated] = await tx.update(requests).set(set).where(eq(requests.id, row.id)).returning();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: actor.userId,
    entityType: 'request',
    entityId: row.id,
    action: `request.${action}`,
    before: auditShape(row),
    after: { ...auditShape(updated!), ...(message ? { message } : {}) },
    ip: ctx.ip,
  });
  // What approving means to the request's owner (a student's record changes, SEVIS hears of it), in this transaction.
  if (action === 'approve') await kindOf(type.code)?.onApproved?.(tx, ctx, updated!, type.code);
  const what: Partial<Record<TRequestAction, string>> = {
    request_clarification: 'needs clarification',
    approve: 'was approved',
    reject: 'was rejected',
    complete: 'was completed',
    dismiss: 'was dismissed',
  };
  if (what[action]) {
    const extra = action === 'request_clarification' ? `The office asks:\n${message}` : action === 'reject' ? `Reason:\n${message}` : '';
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

export async function transitionRequest(
  ctx: TContext,
  requestId: string,
  action: TRequestAction,
  message: string,
): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => presentRequest(tx, actor, await applyStaffTransition(tx, ctx, requestId, action, message)));
}

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
  const owner = kindOf(type.code);
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
    email: {
      subject: `Request #${row.number}: approver review finished`,
      text: `${text}${approver.comment ? `\n\nComment: ${approver.comment}` : ''}\n`,
    },
  });
  await tellRequester(tx, ctx, updated!, type.name, 'finished approver review and is back with the office', '', { email: false });
}

/** Staff who may be assigned the request: active staff who reach its campus site. */
export async function listAssignees(ctx: TContext, requestId: string) {
  return ctx.db(async (tx) => {
    const row = await getAccessibleRequest(tx, ctx, requestId, 'process');
    return (await reachingStaff(tx, row)).map((u) => ({ userId: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email }));
  });
}

async function reachingStaff(tx: TTx, r: TRequestRow) {
  const staff = await tx
    .select()
    .from(users)
    .where(and(eq(users.role, 'isssAdmin'), eq(users.isActive, true)))
    .orderBy(users.lastName, users.firstName);
  return staff.filter((u) =>
    staffReaches({ role: 'isssAdmin', staff: ZStaffPermissions.parse(u.staffPermissions ?? {}) } as TAuthenticatedActor, r),
  );
}

/** Assign, reassign or unassign; only to staff who reach the request's site. */
export async function assignRequest(ctx: TContext, requestId: string, userId: string | null): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId, 'process');
    if (userId && !(await reachingStaff(tx, row)).some((u) => u.id === userId)) {
      throw badRequest('This person cannot be assigned: they do not reach the campus site of this request.', {
        userId: [MSG.invalidValue],
      });
    }
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
        email: { subject: `Request #${row.number} assigned to you`, text: `${text}\n\n${base}/#/isss/request/${row.id}\n` },
      });
    }
    return presentRequest(tx, actor, updated!);
  });
}

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

/** Staff remind the pending approvers with fresh links (e.g. after one expired). */
export async function resendApprovalLinks(ctx: TContext, requestId: string) {
  return ctx.db(async (tx) => ({ sent: await chains().resend(tx, ctx, await lockRequest(tx, ctx, requestId, 'process')) }));
}

/** Approves many requests, each in its own transaction so one failure does not undo the others. */
export async function massApprove(ctx: TContext, requestIds: string[]) {
  const results = [];
  for (const id of [...new Set(requestIds)]) {
    try {
      const row = await ctx.db((tx) => applyStaffTransition(tx, ctx, id, 'approve', ''));
      results.push({ requestId: id, ok: true, number: row.number, message: `Request #${row.number} was approved.` });
    } catch (e) {
      const err = e as AppError;
      if (!(e instanceof AppError)) throw e;
      const number =
        err.statusCode === 404
          ? null
          : await ctx.db(async (tx) => (await tx.select({ n: requests.number }).from(requests).where(eq(requests.id, id)))[0]?.n ?? null);
      results.push({ requestId: id, ok: false, number, message: err.statusCode === 403 ? MSG.noAccessPage : err.message });
    }
  }
  return { results };
}

/** The caller's own requests (as requester or subject), newest first. */
export async function listMyRequests(ctx: TContext) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .select({ r: requests, code: requestTypes.code, name: requestTypes.name })
      .from(requests)
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .where(sql`${requests.requesterUserId} = ${actor.userId} or ${requests.subjectUserId} = ${actor.userId}`)
      .orderBy(desc(requests.updatedAt))
      .limit(500);
    const people = await loadUsers(
      tx,
      rows.flatMap((x) => [x.r.requesterUserId, x.r.assignedToUserId]),
    );
    return rows.map((x) => summaryOf(x.r, { code: x.code, name: x.name }, people));
  });
}
