import { eq } from 'drizzle-orm';
import { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { badRequest, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { attachments } from '../../../attachments/index.js';
import { requests } from '../../../requests/index.js';
import { stemReports, studentEmployments } from '../../schema.js';
import { raiseEvent } from '../../records/operations/raise-event.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { getStemReportRow, presentStemReport } from '../queries/stem-reports.query.js';

/**
 * Records that a validation report or evaluation was received (date, optional file of the student, notes).
 * A six-month validation report received for the first time is reported to SEVIS as the student's STEM
 * OPT participation (OPTEmployment / ReportParticipation, 8 CFR 214.2(f)(12)(ii); docs/product/students-opt.md#stem-reports).
 */
export async function markStemReportReceived(ctx: TContext, reportId: string, input: studentsApi.TMarkStemReportReceivedInput) {
  const actor = requireActor(ctx);
  const body = studentsApi.ZMarkStemReportReceivedInput.parse(input);
  const today = ctx.today();
  return ctx.db(async (tx) => {
    const row = await getStemReportRow(tx, reportId);
    if (!row) throw notFound();
    const profile = await getAccessibleProfile(tx, ctx, row.report.profileId, 'edit', 'editStudent');
    if (body.receivedOn > today)
      throw badRequest('The received date cannot be in the future', { receivedOn: ['The received date cannot be in the future'] });
    if (body.attachmentId) {
      const [file] = await tx
        .select({ a: attachments, requestProfileId: requests.profileId })
        .from(attachments)
        .leftJoin(requests, eq(requests.id, attachments.requestId))
        .where(eq(attachments.id, body.attachmentId));
      const ofStudent =
        !!file &&
        file.a.status === 'active' &&
        ((!!profile.userId && file.a.subjectUserId === profile.userId) || file.requestProfileId === profile.id);
      if (!ofStudent)
        throw badRequest('Choose one of the student’s documents', { attachmentId: ['Choose one of the student’s documents'] });
    }
    const before = { receivedAt: row.report.receivedAt, attachmentId: row.report.attachmentId, notes: row.report.notes };
    const receivedAt = new Date(`${body.receivedOn}T12:00:00Z`);
    await tx
      .update(stemReports)
      .set({ receivedAt, attachmentId: body.attachmentId, notes: body.notes, updatedAt: new Date() })
      .where(eq(stemReports.id, reportId));
    if (row.report.kind === 'validation_report' && !row.report.receivedAt) {
      const [stem] = row.report.employmentId
        ? await tx.select().from(studentEmployments).where(eq(studentEmployments.id, row.report.employmentId))
        : [];
      await raiseEvent(tx, ctx, {
        profileId: profile.id,
        eventType: 'OPTEmployment',
        action: 'ReportParticipation',
        payload: {
          employmentId: row.report.employmentId,
          stemReportId: reportId,
          dueDate: row.report.dueDate,
          receivedOn: body.receivedOn,
          requestedStartDate: stem?.authorizedStartDate ?? null,
          requestedEndDate: stem?.authorizedEndDate ?? null,
          fullOrPartTime: stem?.fullOrPartTime ?? '',
        },
        merge: false,
      });
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_profile',
      entityId: profile.id,
      action: 'student.stem-report.received',
      ip: ctx.ip,
      before,
      after: {
        reportId,
        kind: row.report.kind,
        dueDate: row.report.dueDate,
        receivedOn: body.receivedOn,
        attachmentId: body.attachmentId,
        notes: body.notes,
      },
    });
    return presentStemReport(actor, (await getStemReportRow(tx, reportId))!, today);
  });
}
