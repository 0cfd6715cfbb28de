import { eq } from 'drizzle-orm';
import {
  PROCESSED_STATE_LABELS,
  scholarFormDef,
  validateScholarForm,
  type TSaveApplicationInput,
  type TScholarApplicationForm,
} from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { missingRequiredDocuments } from '../../../attachments/index.js';
import {
  findCompletenessErrors,
  findConditionalQuestionnaires,
  findCustomCompletenessErrors,
  markSubmitted,
} from '../../../forms/index.js';
import { loadSettings } from '../../../institutions/index.js';
import { notify } from '../../../notifications/index.js';
import { siteOfficers } from '../../../people/index.js';
import { canStep, officeRecipients, requests, requestTypes, stepOwnedRequest, type TRequestRow } from '../../../requests/index.js';
import { scholarApplications, scholarStatusHistory } from '../../schema.js';
import { APPLICATION_MSG, dataErrors, lockCaseForForm, presentApplication, saveApplicationForm } from '../application-form.js';

/**
 * The engine side of the application: its request type's questionnaires, custom questions and
 * required documents must be complete (the same checks the engine runs on submit). Returns the
 * field errors (answers.*, custom.*, documents.<documentId>[.dependent|.soa...]) and the request.
 */
async function engineCompleteness(
  tx: TTx,
  requestId: string | null,
): Promise<{ errors: Record<string, string[]>; request: TRequestRow | null; questionnaireIds: string[] }> {
  if (!requestId) return { errors: {}, request: null, questionnaireIds: [] };
  const [request] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!request) return { errors: {}, request: null, questionnaireIds: [] };
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, request.requestTypeId));
  const errors: Record<string, string[]> = {};
  const questionnaireIds = type?.questionnaireIds.length
    ? [...type.questionnaireIds, ...(await findConditionalQuestionnaires(tx, 'request', request.id, type.questionnaireIds))]
    : [];
  if (questionnaireIds.length) Object.assign(errors, await findCompletenessErrors(tx, 'request', request.id, questionnaireIds));
  if (type?.customQuestionIds.length)
    Object.assign(errors, await findCustomCompletenessErrors(tx, 'request', request.id, type.customQuestionIds));
  if (type?.documentIds.length) {
    for (const d of await missingRequiredDocuments(tx, request.id, type.documentIds))
      errors[`documents.${d.key}`] = [`Please upload ${d.name}.`];
  }
  return { errors, request, questionnaireIds };
}

/**
 * Submit to ISSS: the form as typed is saved first (a refused submit loses nothing), then, in one
 * transaction, every rule of the form and the template's questionnaires and required documents are
 * checked; the case goes to ISSS Review (pending), locked, with a status history row and an audit
 * event; its engine request is submitted and the office is told.
 */
export async function submitApplication(
  ctx: TContext,
  applicationId: string,
  input: TSaveApplicationInput,
): Promise<TScholarApplicationForm> {
  const actor = requireActor(ctx);
  const saved = await saveApplicationForm(ctx, applicationId, input);
  return ctx.db(async (tx) => {
    const { c, scholar } = await lockCaseForForm(tx, ctx, applicationId, saved.version);
    const def = scholarFormDef(c.processedState)!;
    const today = ctx.today();
    const errors = dataErrors(validateScholarForm(def, c.data ?? {}, 'submit', today));
    const engine = await engineCompleteness(tx, c.applicationRequestId);
    Object.assign(errors, engine.errors);
    if (Object.keys(errors).length) throw new AppError(400, 'INCOMPLETE', APPLICATION_MSG.incomplete, errors);

    const now = new Date();
    const [updated] = await tx
      .update(scholarApplications)
      .set({
        applicationState: 'submitted',
        phase: 'isss_review',
        status: 'pending',
        isLocked: true,
        submittedToIsssAt: now,
        statusChangeDate: today,
        version: c.version + 1,
        updatedBy: actor.userId,
        updatedAt: now,
      })
      .where(eq(scholarApplications.id, c.id))
      .returning();
    await tx.insert(scholarStatusHistory).values({
      institutionId: ctx.institutionId,
      applicationId: c.id,
      phase: 'isss_review',
      status: 'pending',
      changeDate: today,
      notes: 'Application submitted to ISSS by the scholar.',
      changeReason: 'Application submitted',
      visaCode: c.processedState,
      changedBy: actor.userId,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: 'scholar_application.submitted',
      before: { applicationState: c.applicationState, phase: c.phase, status: c.status, isLocked: c.isLocked },
      after: { applicationState: 'submitted', phase: 'isss_review', status: 'pending', isLocked: true },
      ip: ctx.ip,
    });

    // The engine request follows (a resubmission after an unlock may find it already with the office).
    const r = engine.request;
    if (r && canStep(r, 'submit')) {
      if (engine.questionnaireIds.length) await markSubmitted(tx, 'request', r.id, engine.questionnaireIds);
      await stepOwnedRequest(tx, ctx, r, 'submit');
    }

    const label = PROCESSED_STATE_LABELS[c.processedState] ?? c.processedState;
    const name = `${scholar.firstName} ${scholar.lastName}`.trim();
    const recipients = r ? await officeRecipients(tx, r) : await siteOfficers(tx, c.campusSiteId);
    const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
    const text = `${name} submitted the ${label} application to ISSS.`;
    await notify(tx, ctx, {
      userIds: recipients,
      text,
      typeName: 'scholar.application_submitted',
      scholarId: scholar.id,
      scholarApplicationId: c.id,
      requestId: r?.id ?? null,
      email: {
        subject: `${label} application submitted: ${name}`,
        text: `${text}\n\nIt is in ISSS Review: ${base}/#/admin/scholar-profile/${c.id}\n`,
      },
    });
    return presentApplication(tx, actor, updated!, scholar);
  });
}
