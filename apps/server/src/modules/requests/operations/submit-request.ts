import { eq } from 'drizzle-orm';
import { type TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import * as forms from '../../forms/index.js';
import { kindOf, runSubmitChecks } from '../extensions.js';
import { requestQuestionnaireIds } from '../questionnaires.js';
import { auditShape, loadUsers, presentRequest } from '../request.presenter.js';
import { assertTransition } from '../request.workflow.js';
import { requests } from '../schema.js';
import { lockRequest, typeOf } from '../request-locks.js';
import { refuseOwnedElsewhere } from '../request-guards.js';
import { officeRecipients, portalUrl, tellRequester } from '../request-notices.js';

export const INCOMPLETE = 'Please complete the request before submitting: see the messages on each field.';

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
    if (questionnaireIds.length) Object.assign(fieldErrors, await forms.findCompletenessErrors(tx, 'request', row.id, questionnaireIds));
    if (type.customQuestionIds.length)
      Object.assign(fieldErrors, await forms.findCustomCompletenessErrors(tx, 'request', row.id, type.customQuestionIds));
    // Required documents, a named faculty advisor...: what the modules above the engine require.
    Object.assign(fieldErrors, await runSubmitChecks(tx, row, type));
    // A request with a form of its own (a student's CPT, OPT...): the same rules and words as the browser.
    Object.assign(fieldErrors, (await kindOf(type.code)?.submitErrors?.(tx, ctx, row, type.code)) ?? {});
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
