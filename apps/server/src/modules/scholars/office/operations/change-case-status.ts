import { eq } from 'drizzle-orm';
import { PROCESSED_STATE_LABELS, scholarPhaseLabel as phaseLabel, scholarsApi, scholarStatusLabel as statusLabel } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { loadSettings } from '../../../institutions/index.js';
import { notify } from '../../../notifications/index.js';
import { canStep, requests, stepOwnedRequest } from '../../../requests/index.js';
import { scholarApplications, scholarStatusHistory, scholars } from '../../schema.js';
import { lockCaseForOffice, presentOfficeCase } from '../office-case.js';
import { applicationPathFor, departmentRecipients } from '../case-notices.js';

export const NOTHING_TO_UNLOCK = 'There is no application to unlock: process the sponsorship request first.';

/**
 * Moves a case to a phase and status (docs/product/scholars-office.md#phases-and-statuses): notes, change
 * date, reference number and date, change reason and, with unlock, the application goes back to the scholar
 * to change and resubmit. Each change is a status history row and an audit event; the department is told of a
 * new phase and the scholar of an unlock.
 */
export async function changeCaseStatus(
  ctx: TContext,
  applicationId: string,
  input: scholarsApi.TStatusChangeInput,
): Promise<scholarsApi.TOfficeCase> {
  const actor = requireActor(ctx);
  const body = scholarsApi.ZStatusChangeInput.parse(input);
  // The latest day a change may be dated is the office's today (in its time zone), never UTC's.
  if (body.changeDate > ctx.today()) throw badRequest(scholarsApi.FUTURE_CHANGE_DATE, { changeDate: [scholarsApi.FUTURE_CHANGE_DATE] });
  return ctx.db(async (tx) => {
    const { c, scholar } = await lockCaseForOffice(tx, ctx, applicationId, body.version, 'process');
    const hasApplication = c.processedState !== '' && c.processedState !== 'Ineligible';
    if (body.unlock && !hasApplication) throw badRequest(NOTHING_TO_UNLOCK, { unlock: [NOTHING_TO_UNLOCK] });
    const set: Partial<typeof scholarApplications.$inferInsert> = {
      phase: body.phase,
      status: body.status,
      statusChangeDate: body.changeDate,
      version: c.version + 1,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    if (body.unlock) Object.assign(set, { applicationState: 'returned', isLocked: false });
    const [updated] = await tx.update(scholarApplications).set(set).where(eq(scholarApplications.id, c.id)).returning();
    await tx.insert(scholarStatusHistory).values({
      institutionId: ctx.institutionId,
      applicationId: c.id,
      phase: body.phase,
      status: body.status,
      notes: body.notes,
      changeDate: body.changeDate,
      referenceNumber: body.referenceNumber,
      referenceDate: body.referenceDate,
      changeReason: body.changeReason,
      isUnlocked: body.unlock,
      visaCode: c.processedState,
      changedBy: actor.userId,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: 'scholar.status-changed',
      before: { phase: c.phase, status: c.status, applicationState: c.applicationState, isLocked: c.isLocked },
      after: {
        phase: body.phase,
        status: body.status,
        applicationState: updated!.applicationState,
        isLocked: updated!.isLocked,
        changeDate: body.changeDate,
        notes: body.notes || undefined,
        referenceNumber: body.referenceNumber || undefined,
        referenceDate: body.referenceDate ?? undefined,
        changeReason: body.changeReason || undefined,
      },
      ip: ctx.ip,
    });
    const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
    const who = `${scholar.firstName} ${scholar.lastName}`.trim();
    const label = PROCESSED_STATE_LABELS[c.processedState] ?? c.processedState;
    if (body.unlock) {
      // The engine request goes back to the scholar too, so their resubmission runs through it again.
      if (c.applicationRequestId) {
        const [r] = await tx.select().from(requests).where(eq(requests.id, c.applicationRequestId)).for('update');
        if (r && canStep(r, 'request_clarification')) {
          const message = body.changeReason || body.notes || 'The office returned your application for changes.';
          await stepOwnedRequest(tx, ctx, r, 'request_clarification', { message });
        }
      }
      if (scholar.userId) {
        const link = `${base}/#${applicationPathFor(c.processedState, scholar.id, c.id)}`;
        const why = body.changeReason || body.notes;
        const text = `The international office returned your ${label} application so you can change it and submit it again.${why ? ` ${why}` : ''}`;
        await notify(tx, ctx, {
          userIds: [scholar.userId],
          text,
          typeName: 'scholar.unlocked',
          requestId: c.applicationRequestId,
          scholarId: scholar.id,
          scholarApplicationId: c.id,
          email: { subject: `Your ${label} application was returned for changes`, text: `${text}\n\nOpen your application: ${link}\n` },
        });
      }
    }
    if (body.phase !== c.phase) {
      const text = `The ${label || 'sponsorship'} case of ${who} moved to ${phaseLabel(body.phase)} (${statusLabel(body.status)}).`;
      await notify(tx, ctx, {
        userIds: await departmentRecipients(tx, c),
        text,
        typeName: 'scholar.phase-changed',
        requestId: c.sponsorshipRequestId,
        scholarId: scholar.id,
        scholarApplicationId: c.id,
        email: { subject: `${who}: ${phaseLabel(body.phase)}`, text: `${text}\n\n${base}/#/scholar/deptDashboard\n` },
      });
    }
    const [s] = await tx.select().from(scholars).where(eq(scholars.id, scholar.id));
    return presentOfficeCase(tx, actor, updated!, s!);
  });
}
