import { and, eq, inArray } from 'drizzle-orm';
import { stemReportSchedule, todayIso, studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { attachments } from '../../attachments/index.js';
import { requests } from '../../requests/index.js';
import { stemReports, studentEmployments } from '../schema.js';
import { getAccessibleProfile } from '../student.policy.js';
import { getStemReportRow, listStemReportsQuery, presentStemReport } from '../queries/stem-reports.query.js';

/**
 * Creates the STEM report rows a student's STEM authorisations call for and that do not exist yet
 * (idempotent): run when a STEM employment is recorded and by the daily job for STEM periods
 * recorded elsewhere (an approved STEM request). Returns how many rows it added.
 */
export async function ensureStemReports(tx: TTx, institutionId: string, profileIds?: string[]): Promise<number> {
  const rows = await tx
    .select()
    .from(studentEmployments)
    .where(
      and(
        eq(studentEmployments.status, 'approved'),
        eq(studentEmployments.kind, 'stem'),
        ...(profileIds
          ? [inArray(studentEmployments.profileId, profileIds.length ? profileIds : ['00000000-0000-0000-0000-000000000000'])]
          : []),
      ),
    )
    .orderBy(studentEmployments.createdAt);
  // One schedule per STEM authorisation (the first row of that period carries the reports).
  const periods = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    if (!r.authorizedStartDate || !r.authorizedEndDate) continue;
    const key = `${r.profileId}|${r.authorizedStartDate}|${r.authorizedEndDate}`;
    if (!periods.has(key)) periods.set(key, r);
  }
  if (periods.size === 0) return 0;
  const ids = [...new Set([...periods.values()].map((r) => r.profileId))];
  const existing = await tx
    .select({ profileId: stemReports.profileId, kind: stemReports.kind, dueDate: stemReports.dueDate })
    .from(stemReports)
    .where(inArray(stemReports.profileId, ids));
  const have = new Set(existing.map((e) => `${e.profileId}|${e.kind}|${e.dueDate}`));
  const add: (typeof stemReports.$inferInsert)[] = [];
  for (const r of periods.values()) {
    for (const s of stemReportSchedule(r.authorizedStartDate!, r.authorizedEndDate!)) {
      const key = `${r.profileId}|${s.kind}|${s.dueDate}`;
      if (have.has(key)) continue;
      have.add(key);
      add.push({ institutionId, profileId: r.profileId, employmentId: r.id, kind: s.kind, dueDate: s.dueDate });
    }
  }
  if (add.length) await tx.insert(stemReports).values(add);
  return add.length;
}

/** STEM Report Participation list. */
export async function listStemReports(ctx: TContext, q: studentsApi.TListStemReportsQuery) {
  const actor = requireActor(ctx);
  return ctx.db((tx) => listStemReportsQuery(tx, actor, q, todayIso()));
}

/** Records that a validation report or evaluation was received (date, optional file of the student, notes). */
export async function markStemReportReceived(ctx: TContext, reportId: string, input: studentsApi.TMarkStemReportReceivedInput) {
  const actor = requireActor(ctx);
  const body = studentsApi.ZMarkStemReportReceivedInput.parse(input);
  const today = todayIso();
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
