import { eq } from 'drizzle-orm';
import { PROCESSED_STATE_LABELS, SCHOLAR_PROGRAM_TYPES, scholarsApi, type TProcessAs } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { loadSettings } from '../../../institutions/index.js';
import { notify } from '../../../notifications/index.js';
import { closeOwnedRequest, openRequest, requestTypes } from '../../../requests/index.js';
import type { TCaseRow, TScholarRow } from '../../scholar.policy.js';
import { scholarApplications, scholarStatusHistory, scholars } from '../../schema.js';
import { lockCaseForOffice, presentOfficeCase, PROCESSABLE } from '../office-case.js';
import { applicationPathFor, departmentRecipients } from '../case-notices.js';

export const NOT_WITH_OFFICE =
  'This sponsorship request is not with the office yet: the department has not sent it, or its approvers have not finished.';

/** The application's engine request of the program type (the scholar fills it; its type's questionnaires and documents are the template). */
async function createProgramRequest(
  tx: TTx,
  ctx: TContext,
  c: TCaseRow,
  scholar: TScholarRow,
  processAs: Exclude<TProcessAs, 'Ineligible'>,
) {
  const code = SCHOLAR_PROGRAM_TYPES[processAs];
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.code, code));
  if (!type)
    throw new AppError(
      500,
      'NO_PROGRAM_TYPE',
      `The request type ${code} is missing; the scholar program types were not set up for this institution.`,
    );
  const row = await openRequest(tx, ctx, {
    type: { id: type.id },
    // The application belongs to the scholar (its subject) and the office (the staff member who opened
    // it): the department that created the case reads it, but never writes answers or files on it.
    requesterUserId: requireActor(ctx).userId,
    subjectUserId: scholar.userId,
    departmentId: c.departmentId,
    campusSiteId: c.campusSiteId,
    title: `${type.name}: ${scholar.firstName} ${scholar.lastName}`.trim(),
  });
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'request',
    entityId: row.id,
    action: 'request.created',
    after: { status: row.status, type: code, number: row.number, startedByOffice: true },
    ip: ctx.ip,
  });
  return { row };
}

/**
 * Review Sponsorship Request: process the department's request as a visa type (or convert an already
 * processed case to another, e.g. H-1B to J-1), or close it as ineligible. One transaction: the program
 * request, the case, the scholar's mirror, a status history row and an audit event; then the scholar
 * (if invited) and the department are told.
 */
export async function processSponsorship(
  ctx: TContext,
  applicationId: string,
  input: scholarsApi.TProcessSponsorshipInput,
): Promise<scholarsApi.TOfficeCase> {
  const actor = requireActor(ctx);
  const body = scholarsApi.ZProcessSponsorshipInput.parse(input);
  return ctx.db(async (tx) => {
    const { c, scholar } = await lockCaseForOffice(tx, ctx, applicationId, body.version, 'process');
    if (!PROCESSABLE.has(c.sponsorshipState)) throw new AppError(409, 'NOT_WITH_OFFICE', NOT_WITH_OFFICE);
    if (body.processAs === c.processedState) {
      const msg = `This case is already processed as ${PROCESSED_STATE_LABELS[c.processedState] ?? c.processedState}.`;
      throw badRequest(msg, { processAs: [msg] });
    }
    const today = ctx.today();
    const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
    const who = `${scholar.firstName} ${scholar.lastName}`.trim();
    const before = {
      sponsorshipState: c.sponsorshipState,
      processedState: c.processedState,
      phase: c.phase,
      status: c.status,
      applicationState: c.applicationState,
      processedStartDate: c.processedStartDate,
      processedEndDate: c.processedEndDate,
      applicationRequestId: c.applicationRequestId,
    };
    const converting = c.processedState !== '' && c.processedState !== 'Ineligible';
    const dept = await departmentRecipients(tx, c);

    if (body.processAs === 'Ineligible') {
      await closeOwnedRequest(tx, ctx, c.sponsorshipRequestId, 'rejected', body.reason);
      await closeOwnedRequest(tx, ctx, c.applicationRequestId, 'dismissed');
      const [updated] = await tx
        .update(scholarApplications)
        .set({
          sponsorshipState: 'ineligible',
          processedState: 'Ineligible',
          phase: 'closed',
          status: 'ineligible',
          statusChangeDate: today,
          isLocked: true,
          version: c.version + 1,
          updatedBy: actor.userId,
          updatedAt: new Date(),
        })
        .where(eq(scholarApplications.id, c.id))
        .returning();
      if (scholar.currentApplicationId === c.id || !scholar.currentApplicationId) {
        await tx
          .update(scholars)
          .set({ processedState: '', currentApplicationId: c.id, updatedAt: new Date() })
          .where(eq(scholars.id, scholar.id));
      }
      await tx.insert(scholarStatusHistory).values({
        institutionId: ctx.institutionId,
        applicationId: c.id,
        phase: 'closed',
        status: 'ineligible',
        notes: body.notes,
        changeDate: today,
        changeReason: body.reason,
        visaCode: 'Ineligible',
        changedBy: actor.userId,
      });
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'scholar_application',
        entityId: c.id,
        action: 'scholar.processed',
        before,
        after: { sponsorshipState: 'ineligible', processedState: 'Ineligible', phase: 'closed', status: 'ineligible', reason: body.reason },
        ip: ctx.ip,
      });
      const text = `The international office found ${who} ineligible for sponsorship. Reason: ${body.reason}`;
      await notify(tx, ctx, {
        userIds: dept,
        text,
        typeName: 'scholar.ineligible',
        requestId: c.sponsorshipRequestId,
        scholarId: scholar.id,
        scholarApplicationId: c.id,
        email: { subject: `Sponsorship request for ${who}: ineligible`, text: `${text}\n\n${base}/#/scholar/deptDashboard\n` },
      });
      const [s] = await tx.select().from(scholars).where(eq(scholars.id, scholar.id));
      return presentOfficeCase(tx, actor, updated!, s!);
    }

    const start = body.processedStartDate ?? c.processedStartDate ?? c.proposedStartDate;
    const end = body.processedEndDate ?? c.processedEndDate ?? c.proposedEndDate;
    const fe: Record<string, string[]> = {};
    if (!start) fe.processedStartDate = ['Enter the start date'];
    if (!end) fe.processedEndDate = ['Enter the end date'];
    if (start && end && end < start) fe.processedEndDate = [scholarsApi.END_BEFORE_START];
    if (Object.keys(fe).length) throw badRequest('Please check the dates.', fe);

    if (c.sponsorshipState === 'submitted') await closeOwnedRequest(tx, ctx, c.sponsorshipRequestId, 'completed');
    // Converting: the earlier program's request stops; its files stay on the Documents tab.
    await closeOwnedRequest(tx, ctx, c.applicationRequestId, 'dismissed');
    const { row: program } = await createProgramRequest(tx, ctx, c, scholar, body.processAs);
    const [updated] = await tx
      .update(scholarApplications)
      .set({
        sponsorshipState: 'processed',
        processedState: body.processAs,
        processedStartDate: start,
        processedEndDate: end,
        phase: 'application',
        status: 'pending',
        statusChangeDate: today,
        applicationState: 'not_started',
        isLocked: false,
        submittedToIsssAt: null,
        applicationRequestId: program.id,
        version: c.version + 1,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(scholarApplications.id, c.id))
      .returning();
    await tx
      .update(scholars)
      .set({ processedState: body.processAs, currentApplicationId: c.id, updatedAt: new Date() })
      .where(eq(scholars.id, scholar.id));
    const label = PROCESSED_STATE_LABELS[body.processAs] ?? body.processAs;
    await tx.insert(scholarStatusHistory).values({
      institutionId: ctx.institutionId,
      applicationId: c.id,
      phase: 'application',
      status: 'pending',
      notes: body.notes,
      changeDate: today,
      changeReason: converting
        ? `Converted from ${PROCESSED_STATE_LABELS[c.processedState] ?? c.processedState} to ${label}`
        : `Processed as ${label}`,
      visaCode: body.processAs,
      changedBy: actor.userId,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: converting ? 'scholar.converted' : 'scholar.processed',
      before,
      after: {
        sponsorshipState: 'processed',
        processedState: body.processAs,
        phase: 'application',
        status: 'pending',
        applicationState: 'not_started',
        processedStartDate: start,
        processedEndDate: end,
        applicationRequestId: program.id,
        requestNumber: program.number,
      },
      ip: ctx.ip,
    });
    if (scholar.userId) {
      const link = `${base}/#${applicationPathFor(body.processAs, scholar.id, c.id)}`;
      const text = converting
        ? `Your application was changed to ${label}. Please fill in the ${label} application.`
        : `The international office opened your ${label} application. Please fill it in and submit it.`;
      await notify(tx, ctx, {
        userIds: [scholar.userId],
        text,
        typeName: 'scholar.processed',
        requestId: program.id,
        scholarId: scholar.id,
        scholarApplicationId: c.id,
        email: { subject: `Your ${label} application`, text: `${text}\n\nOpen your application: ${link}\n` },
      });
    }
    const deptText = converting
      ? `The international office converted the case of ${who} to ${label} (request #${program.number}).`
      : `The international office processed the sponsorship request for ${who} as ${label} (request #${program.number}).${scholar.userId ? '' : ' Invite the scholar to the portal so they can fill in the application.'}`;
    await notify(tx, ctx, {
      userIds: dept,
      text: deptText,
      typeName: 'scholar.processed',
      requestId: c.sponsorshipRequestId,
      scholarId: scholar.id,
      scholarApplicationId: c.id,
      email: { subject: `Sponsorship request for ${who}: ${label}`, text: `${deptText}\n\n${base}/#/scholar/deptDashboard\n` },
    });
    const [s] = await tx.select().from(scholars).where(eq(scholars.id, scholar.id));
    return presentOfficeCase(tx, actor, updated!, s!);
  });
}
