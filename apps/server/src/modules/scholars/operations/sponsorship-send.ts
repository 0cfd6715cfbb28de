import { and, eq } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { notify } from '../../notifications/index.js';
import { officeRecipients, requests, stepOwnedRequest, type TApprovalOutcomeEvent, type TRequestRow } from '../../requests/index.js';
import { startApprovalChain } from '../../workflows/index.js';
import { getAccessibleCase, type TCaseRow, type TScholarRow } from '../scholar.policy.js';
import { scholarApplications, scholars } from '../schema.js';
import { departmentOf } from './sponsorship-cases.js';
import { presentDeptCase, sponsorshipWorkflowOf } from './sponsorship-present.js';

const M = scholarsApi.DEPT_MSG;
const nameOf = (s: Pick<TScholarRow, 'firstName' | 'lastName'>) => `${s.firstName} ${s.lastName}`.trim();

/** Moves the engine request through the allowed transitions (the requests module's state machine), audited there. */
async function moveRequest(tx: TTx, ctx: TContext, r: TRequestRow, to: 'submitted' | 'adv_review'): Promise<TRequestRow> {
  let row = r;
  if (row.status === 'draft') row = await stepOwnedRequest(tx, ctx, row, 'submit');
  if (to === 'adv_review') row = await stepOwnedRequest(tx, ctx, row, 'send_to_approver');
  return row;
}

/** Tells the office's staff that a sponsorship request reached them (bell and e-mail). */
async function tellOffice(tx: TTx, ctx: TContext, r: TRequestRow, c: TCaseRow, s: TScholarRow, how: string) {
  const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
  const text = `New sponsorship request for ${nameOf(s)} (${c.proposedStatus}) ${how}: request #${r.number}.`;
  await notify(tx, ctx, {
    userIds: await officeRecipients(tx, r),
    text,
    typeName: 'scholar.sponsorship.submitted',
    requestId: r.id,
    scholarId: s.id,
    email: {
      subject: `Sponsorship request #${r.number}: ${nameOf(s)}`,
      text: `${text}\n\nReview it: ${base}/#/admin/reviewrequest/${c.id}\n`,
    },
  });
}

/**
 * Send for approval: through the department's sponsorship workflow when Departmental Configurations
 * names one (the engine's approval chain, links e-mailed to the approvers), else straight to the office.
 */
export async function sendForApproval(ctx: TContext, applicationId: string): Promise<scholarsApi.TDeptCase> {
  const actor = requireActor(ctx);
  departmentOf(actor);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    // Lock the case: a double click sends once.
    const [locked] = await tx.select().from(scholarApplications).where(eq(scholarApplications.id, c.id)).for('update');
    if (!locked || (locked.sponsorshipState !== 'draft' && locked.sponsorshipState !== 'rejected'))
      throw new AppError(409, 'NOT_EDITABLE', M.notEditable);
    if (!locked.sponsorshipRequestId) throw new AppError(500, 'INTERNAL', 'This case has no sponsorship request.');
    const [r0] = await tx.select().from(requests).where(eq(requests.id, locked.sponsorshipRequestId)).for('update');
    const workflow = await sponsorshipWorkflowOf(tx, locked.departmentId);
    if (workflow && !workflow.isActive) throw badRequest(M.workflowInactive);
    let state: 'pending_approval' | 'submitted';
    let r: TRequestRow;
    if (workflow) {
      r = await moveRequest(tx, ctx, r0!, 'adv_review');
      await startApprovalChain(tx, ctx, r, workflow.id);
      state = 'pending_approval';
    } else {
      // After a rejection the engine request is already with the office (in review): nothing to move.
      r = r0!.status === 'draft' ? await moveRequest(tx, ctx, r0!, 'submitted') : r0!;
      state = 'submitted';
    }
    const [updated] = await tx
      .update(scholarApplications)
      .set({
        sponsorshipState: state,
        version: locked.version + 1,
        updatedBy: actor.userId,
        updatedAt: new Date(),
        ...(state === 'submitted' ? { submittedToIsssAt: new Date() } : {}),
      })
      .where(eq(scholarApplications.id, c.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: 'sponsorship.sent',
      before: { sponsorshipState: locked.sponsorshipState },
      after: { sponsorshipState: state, ...(workflow ? { workflow: workflow.name } : {}) },
      ip: ctx.ip,
    });
    if (state === 'submitted') await tellOffice(tx, ctx, r, updated!, scholar, 'from the department');
    return presentDeptCase(tx, updated!, scholar);
  });
}

/**
 * The end of the department's approval chain (called by the requests module in the approver's
 * transaction; the approver may have no session): approved goes to the office, rejected goes back
 * to the department with the approver's reason.
 */
export async function applySponsorshipApprovalOutcome(tx: TTx, ctx: TContext, e: TApprovalOutcomeEvent): Promise<void> {
  const [c] = await tx
    .select()
    .from(scholarApplications)
    .where(and(eq(scholarApplications.sponsorshipRequestId, e.request.id), eq(scholarApplications.sponsorshipState, 'pending_approval')))
    .for('update');
  if (!c) return;
  const [s] = await tx.select().from(scholars).where(eq(scholars.id, c.scholarId));
  const state = e.outcome === 'approved' ? 'submitted' : 'rejected';
  await tx
    .update(scholarApplications)
    .set({
      sponsorshipState: state,
      version: c.version + 1,
      updatedAt: new Date(),
      ...(state === 'submitted' ? { submittedToIsssAt: new Date() } : {}),
    })
    .where(eq(scholarApplications.id, c.id));
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: e.approver.userId,
    entityType: 'scholar_application',
    entityId: c.id,
    action: e.outcome === 'approved' ? 'sponsorship.approved' : 'sponsorship.rejected',
    before: { sponsorshipState: c.sponsorshipState },
    after: { sponsorshipState: state, approverName: e.approver.name, reason: e.approver.comment || undefined },
    ip: ctx.ip,
  });
  const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
  const who = s ? nameOf(s) : 'the scholar';
  if (state === 'submitted') {
    await tellOffice(tx, ctx, e.request, c, s!, 'approved by the department');
    await notify(tx, ctx, {
      userIds: [c.createdBy ?? e.request.requesterUserId],
      text: `The sponsorship request for ${who} was approved and sent to the international office.`,
      typeName: 'scholar.sponsorship.approved',
      requestId: e.request.id,
      scholarId: c.scholarId,
    });
  } else {
    const text = `${e.approver.name} rejected the sponsorship request for ${who}.`;
    await notify(tx, ctx, {
      userIds: [c.createdBy ?? e.request.requesterUserId],
      text,
      typeName: 'scholar.sponsorship.rejected',
      requestId: e.request.id,
      scholarId: c.scholarId,
      email: {
        subject: `Sponsorship request for ${who} rejected`,
        text: `${text}${e.approver.comment ? `\n\nReason: ${e.approver.comment}` : ''}\n\nEdit it and send it again: ${base}/#/scholar/editscholarapplication/${c.id}\n`,
      },
    });
  }
}
