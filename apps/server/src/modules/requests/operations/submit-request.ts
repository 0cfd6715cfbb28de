import { eq } from 'drizzle-orm';
import { type TApproverCheck, type TRequestDetail } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError, forbidden } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { automatedMessage } from '../../messages/index.js';
import { notify } from '../../notifications/index.js';
import * as forms from '../../forms/index.js';
import { chains, kindOf, runSubmitChecks, type TRequestTypeRow } from '../extensions.js';
import { type TRequestRow } from '../request.policy.js';
import { requestQuestionnaireIds } from '../questionnaires.js';
import { auditShape, loadUsers, presentRequest } from '../request.presenter.js';
import { assertTransition } from '../request.workflow.js';
import { requests } from '../schema.js';
import { lockRequest, typeOf } from '../request-locks.js';
import { refuseOwnedElsewhere } from '../request-guards.js';
import { officeRecipients, portalUrl, tellRequester } from '../request-notices.js';
import { assignByRule } from './assign-by-rule.js';

export const INCOMPLETE = 'Please complete the request before submitting: see the messages on each field.';

/**
 * Submit or resubmit: completeness of questionnaires, custom questions and required documents first;
 * answers are never touched. A type whose workflow asks approvers first goes to them at once, unless
 * they approved it already (docs/decisions/028-submitting-starts-approver-review.md).
 */
export async function submitRequest(ctx: TContext, requestId: string): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await lockRequest(tx, ctx, requestId);
    const own = row.requesterUserId === actor.userId || row.subjectUserId === actor.userId;
    // Staff reach this route for the office's own requests (a termination they started): on anyone else's request they
    // are refused as the function check refuses any other caller without access.
    if (!own)
      throw actor.role === 'isssAdmin' ? forbidden() : new AppError(403, 'FORBIDDEN', 'Only the requester can submit this request.');
    await refuseOwnedElsewhere(tx, row);
    const to = assertTransition(row.status, 'submit');
    if (row.isLocked) throw new AppError(409, 'LOCKED', 'This request is locked while it is in approver review.');
    const type = await typeOf(tx, row);
    const fieldErrors: Record<string, string[]> = {};
    // The type's questionnaires and the conditional ones the answers bring in are all checked and all marked submitted.
    const questionnaireIds = await requestQuestionnaireIds(tx, row.id, type.questionnaireIds);
    if (questionnaireIds.length) Object.assign(fieldErrors, await forms.findCompletenessErrors(tx, 'request', row.id, questionnaireIds));
    if (type.customQuestionIds.length)
      Object.assign(fieldErrors, await forms.findCustomCompletenessErrors(tx, 'request', row.id, type.customQuestionIds));
    // Required documents, a named faculty advisor...: what the modules above the engine require.
    Object.assign(fieldErrors, await runSubmitChecks(tx, row, type));
    // A request with a form of its own (a student's CPT, OPT...): the same rules and words as the browser.
    Object.assign(fieldErrors, (await kindOf(type.code, row)?.submitErrors?.(tx, ctx, row, type.code)) ?? {});
    if (Object.keys(fieldErrors).length) throw new AppError(400, 'INCOMPLETE', INCOMPLETE, fieldErrors);
    if (questionnaireIds.length) await forms.markSubmitted(tx, 'request', row.id, questionnaireIds);
    const [submitted] = await tx
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
      after: auditShape(submitted!),
      ip: ctx.ip,
    });
    const assigned = await assignByRule(tx, ctx, row, submitted!, type.code);
    const approvers = await startApproversOnSubmit(tx, ctx, assigned, type);
    const updated = approvers.row;
    const base = await portalUrl(tx, ctx);
    const requester = (await loadUsers(tx, [row.requesterUserId])).get(row.requesterUserId);
    const who = requester ? `${requester.firstName} ${requester.lastName}` : 'A requester';
    const submittedText = `${who} ${row.status === 'draft' ? 'submitted' : 'resubmitted'} ${type.name} request #${row.number}.`;
    const text = approvers.started
      ? `${submittedText} It went to its approvers first (${approvers.started.steps.join(', then ')}).`
      : approvers.problem
        ? `${submittedText} Approver review could not start: ${approvers.problem} Put it right, then send the request to approver review.`
        : submittedText;
    await notify(tx, ctx, {
      userIds: await officeRecipients(tx, updated),
      text,
      typeName: 'request.submitted',
      requestId: row.id,
      profileId: row.profileId,
      // Sent while the office's automated e-mail configuration sends it (docs/product/messages.md#automated-e-mail).
      email: await automatedMessage(
        tx,
        ctx,
        'request.submitted',
        {},
        {
          'request.number': String(row.number),
          'request.type': type.name,
          'request.requesterName': requester ? `${requester.firstName} ${requester.lastName}` : '',
          'request.event': text,
          'request.link': `${base}/#/isss/request/${row.id}`,
        },
      ),
    });
    await tellRequester(
      tx,
      ctx,
      updated,
      type.name,
      approvers.started
        ? `was submitted and sent to its approvers (${approvers.started.steps.join(', then ')}), who were e-mailed a link; the office decides after them`
        : 'was submitted; the office will review it',
      '',
      { email: false },
    );
    return presentRequest(tx, actor, updated);
  });
}

/**
 * A submitted request whose type's workflow asks approvers first, and whose approvers have not approved
 * it yet, enters approver review in the same step: the first approvers are e-mailed their links now, as
 * the requester was told. When the office's workflow cannot start (inactive approver, ...) the request
 * stays Submitted and the office is told why: the requester cannot put that right.
 */
async function startApproversOnSubmit(
  tx: TTx,
  ctx: TContext,
  submitted: TRequestRow,
  type: TRequestTypeRow,
): Promise<{ row: TRequestRow; started?: TApproverCheck; problem?: string }> {
  if (!type.workflowId) return { row: submitted };
  const check = await chains().check(tx, submitted.id, type.workflowId);
  if (!check.required || check.approved) return { row: submitted };
  try {
    // A savepoint: a chain that cannot start leaves no approval or link behind, and the submission stands.
    await tx.transaction((sp) => chains().start(sp, ctx, submitted, type.workflowId!));
  } catch (e) {
    if (e instanceof AppError && e.statusCode < 500) return { row: submitted, problem: e.message };
    throw e;
  }
  const to = assertTransition(submitted.status, 'send_to_approver');
  const [row] = await tx
    .update(requests)
    .set({ status: to, isLocked: true, updatedAt: new Date() })
    .where(eq(requests.id, submitted.id))
    .returning();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'request',
    entityId: submitted.id,
    action: 'request.approver_review_started',
    before: auditShape(submitted),
    after: { ...auditShape(row!), approvers: check.steps.join(', then ') },
    ip: ctx.ip,
  });
  return { row: row!, started: check };
}
