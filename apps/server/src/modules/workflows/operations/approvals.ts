import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isStudentRequestCode, type TApprovalSummary } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashToken, randomToken } from '../../../platform/auth/tokens.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { queueMail } from '../../../platform/mail/mailer.js';
import { loadSettings } from '../../institutions/index.js';
import { notify } from '../../notifications/index.js';
import { users } from '../../people/index.js';
import { applyApprovalOutcome, officeRecipients, requests, requestTypes, type TRequestRow } from '../../requests/index.js';
import { loadForAnswering } from '../../forms/index.js';
import { approvalLinks, approvals, userGroupMembers, workflows, workflowSteps } from '../schema.js';

export const LINK_TTL_MS = 7 * 24 * 3600 * 1000;
export const LINK_INVALID = 'This approval link is not valid. Please use the link from your most recent e-mail.';
export const LINK_EXPIRED = 'This approval link has expired. Please ask the office to send a new one.';
export const LINK_USED = 'This approval link has already been used. Each link works once.';
export const ALREADY_DECIDED = 'This approval has already been decided or is no longer needed.';

type TApproval = typeof approvals.$inferSelect;

/** E-mails one approver a single-use link bound to their approval (one approver, one step). */
async function sendApprovalLink(tx: TTx, ctx: TContext, a: TApproval, r: TRequestRow, typeName: string) {
  const token = randomToken(32);
  await tx.insert(approvalLinks).values({
    institutionId: ctx.institutionId,
    approvalId: a.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_TTL_MS),
  });
  const settings = await loadSettings(tx, ctx.institutionId);
  // The configured address, never the request's Host header.
  const url = `${settings.publicBaseUrl.replace(/\/+$/, '')}/?fuseaction=scholarportal.approvalreview#/advisor-approval/${token}`;
  const text = `Hello ${a.approverName},\n\n${settings.accountName} asks for your approval of ${typeName} request #${r.number}.\nReview it and approve or reject with this link:\n\n${url}\n\nThe link works once and expires in 7 days. You do not need to sign in.\n`;
  await queueMail(
    tx,
    ctx.institutionId,
    { to: a.approverEmail, subject: `${settings.accountName}: approval needed for request #${r.number}`, text, purpose: 'approval-link' },
    !!ctx.services.config.smtpUrl,
  );
  if (a.approverUserId) {
    await notify(tx, ctx, {
      userIds: [a.approverUserId],
      text: `Your approval is needed for ${typeName} request #${r.number}.`,
      typeName: 'approval.requested',
      requestId: r.id,
    });
  }
}

/** Creates the approvals of a workflow for a request entering approver review: step 1 pending, the rest waiting. */
export async function startApprovalChain(tx: TTx, ctx: TContext, r: TRequestRow, workflowId: string): Promise<void> {
  const [wf] = await tx.select().from(workflows).where(eq(workflows.id, workflowId));
  if (!wf?.isActive)
    throw badRequest(
      `The approval workflow ${wf?.name ?? ''} is inactive. Activate it in Approval Workflows, or choose another for this request type.`,
    );
  const steps = await tx.select().from(workflowSteps).where(eq(workflowSteps.workflowId, workflowId)).orderBy(asc(workflowSteps.ordinal));
  if (steps.length === 0) throw badRequest('The approval workflow of this request type has no approvers.');
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  const first = steps[0]!.ordinal;
  const created: TApproval[] = [];
  for (const s of steps) {
    let approverIds: string[] = [];
    if (s.approverKind === 'user' && s.approverUserId) approverIds = [s.approverUserId];
    if (s.approverKind === 'faculty_advisor') {
      if (!r.advisorUserId)
        throw badRequest('This request names no faculty advisor. Choose the faculty advisor on the request first.', {
          advisorUserId: ['Required field'],
        });
      approverIds = [r.advisorUserId];
    }
    if (s.approverKind === 'group' && s.approverGroupId) {
      approverIds = (
        await tx.select({ id: userGroupMembers.userId }).from(userGroupMembers).where(eq(userGroupMembers.groupId, s.approverGroupId))
      ).map((m) => m.id);
    }
    const people = approverIds.length
      ? await tx
          .select()
          .from(users)
          .where(and(inArray(users.id, approverIds), eq(users.isActive, true)))
      : [];
    if (people.length === 0)
      throw badRequest(`Step ${s.ordinal} of the approval workflow (${s.label || s.approverKind}) has no active approver.`);
    // A group step: each member gets their own approval; the first decision settles the step.
    const rows = await tx
      .insert(approvals)
      .values(
        people.map((p) => ({
          institutionId: ctx.institutionId,
          requestId: r.id,
          workflowStepId: s.id,
          ordinal: s.ordinal,
          approverUserId: p.id,
          approverName: `${p.firstName} ${p.lastName}`,
          approverEmail: p.email,
          status: s.ordinal === first ? 'pending' : 'waiting',
        })),
      )
      .returning();
    created.push(...rows);
  }
  for (const a of created.filter((x) => x.status === 'pending')) await sendApprovalLink(tx, ctx, a, r, type!.name);
}

/** New links for the pending approvers of a request in approver review; unused earlier links are retired. */
export async function resendApprovalLinks(tx: TTx, ctx: TContext, r: TRequestRow): Promise<number> {
  if (r.status !== 'adv_review')
    throw new AppError(409, 'ILLEGAL_TRANSITION', 'This request is not in approver review; there is no approver to remind.');
  const pending = await tx
    .select()
    .from(approvals)
    .where(and(eq(approvals.requestId, r.id), eq(approvals.status, 'pending')));
  if (pending.length === 0) return 0;
  await tx
    .update(approvalLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        inArray(
          approvalLinks.approvalId,
          pending.map((p) => p.id),
        ),
        isNull(approvalLinks.usedAt),
      ),
    );
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  for (const a of pending) await sendApprovalLink(tx, ctx, a, r, type!.name);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'request',
    entityId: r.id,
    action: 'approval.links-resent',
    after: { approvers: pending.map((p) => p.approverName).join(', ') },
    ip: ctx.ip,
  });
  return pending.length;
}

/** Stops a chain (request dismissed or rejected during approver review): open approvals and links end. */
export async function cancelApprovalChain(tx: TTx, requestId: string): Promise<void> {
  const open = await tx
    .update(approvals)
    .set({ status: 'cancelled' })
    .where(and(eq(approvals.requestId, requestId), inArray(approvals.status, ['pending', 'waiting'])))
    .returning({ id: approvals.id });
  if (open.length)
    await tx
      .update(approvalLinks)
      .set({ usedAt: new Date() })
      .where(
        and(
          inArray(
            approvalLinks.approvalId,
            open.map((o) => o.id),
          ),
          isNull(approvalLinks.usedAt),
        ),
      );
}

async function summaryOf(tx: TTx, a: TApproval): Promise<TApprovalSummary> {
  const [r] = await tx.select().from(requests).where(eq(requests.id, a.requestId));
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r!.requestTypeId));
  const [requester] = await tx.select().from(users).where(eq(users.id, r!.requesterUserId));
  const steps = await tx
    .selectDistinct({ ordinal: approvals.ordinal })
    .from(approvals)
    .where(and(eq(approvals.requestId, a.requestId), sql`${approvals.createdAt} = (select created_at from approvals where id = ${a.id})`));
  const answers: TApprovalSummary['answers'] = [];
  for (const q of type!.questionnaireIds) answers.push(await loadForAnswering(tx, 'request', r!.id, q));
  return {
    approvalId: a.id,
    requestNumber: r!.number,
    typeName: type!.name,
    requesterName: requester ? `${requester.firstName} ${requester.lastName}` : '',
    submittedAt: r!.submittedAt?.toISOString() ?? null,
    stepOrdinal: steps.filter((s) => s.ordinal <= a.ordinal).length,
    stepCount: steps.length,
    approverName: a.approverName,
    status: a.status,
    answers,
    // The advisor recommends what the student asked for: a student request's own form (CPT employer, dates, ...) is shown too.
    // A department's sponsorship request: who is sponsored, as what and by whom (the approver decides on that).
    typeCode: type!.code,
    data: isStudentRequestCode(type!.code) || type!.code === 'sponsorship_request' ? (r!.data ?? {}) : null,
  };
}

/** Finds a usable link; every refusal has its own clear message, none changes anything. */
async function usableLink(tx: TTx, token: string, lock: boolean) {
  const q = tx
    .select()
    .from(approvalLinks)
    .where(eq(approvalLinks.tokenHash, hashToken(token)));
  const [link] = lock ? await q.for('update') : await q;
  if (!link) throw new AppError(400, 'LINK_INVALID', LINK_INVALID);
  if (link.usedAt) throw new AppError(409, 'LINK_USED', LINK_USED);
  if (link.expiresAt.getTime() <= Date.now()) throw new AppError(410, 'LINK_EXPIRED', LINK_EXPIRED);
  const [a] = await tx.select().from(approvals).where(eq(approvals.id, link.approvalId));
  if (!a || a.status !== 'pending') throw new AppError(409, 'LINK_USED', ALREADY_DECIDED);
  return { link, approval: a };
}

/** What the link is about. Opening changes nothing: mail scanners open links. */
export async function inspectApproval(ctx: TContext, token: string) {
  return ctx.db(async (tx) => summaryOf(tx, (await usableLink(tx, token, false)).approval));
}

/** One decision, under locks on the request and the approval, so parallel decisions give one result. */
async function decide(tx: TTx, ctx: TContext, approvalId: string, decision: 'approve' | 'reject', comment: string) {
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
  });
  return { outcome: 'approved' as const, message: `You approved request #${r.number}. It now goes to the next approver.` };
}

/** Decides through an e-mailed link: explicit POST, single use. */
export async function decideByToken(ctx: TContext, token: string, decision: 'approve' | 'reject', comment: string) {
  return ctx.db(async (tx) => {
    const { approval } = await usableLink(tx, token, true);
    return decide(tx, ctx, approval.id, decision, comment);
  });
}

/** A signed-in approver decides one of their own pending approvals. */
export async function decideMine(ctx: TContext, approvalId: string, decision: 'approve' | 'reject', comment: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [a] = await tx.select().from(approvals).where(eq(approvals.id, approvalId));
    if (!a || a.approverUserId !== actor.userId) throw notFound();
    return decide(tx, ctx, a.id, decision, comment);
  });
}

export async function listMyApprovals(ctx: TContext) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .select()
      .from(approvals)
      .where(and(eq(approvals.approverUserId, actor.userId), eq(approvals.status, 'pending')))
      .orderBy(asc(approvals.createdAt));
    const out: TApprovalSummary[] = [];
    for (const a of rows) out.push(await summaryOf(tx, a));
    return out;
  });
}

/**
 * The decisions of a request's latest approval round (a request may go to approver review more than
 * once; one round is created in one transaction, so its rows share created_at).
 */
export async function latestApprovalRound(tx: TTx, requestId: string): Promise<TApproval[]> {
  const chain = await tx
    .select()
    .from(approvals)
    .where(eq(approvals.requestId, requestId))
    .orderBy(asc(approvals.createdAt), asc(approvals.ordinal));
  const latest = Math.max(0, ...chain.map((a) => a.createdAt.getTime()));
  return chain.filter((a) => a.createdAt.getTime() === latest);
}
