import { and, eq, inArray } from 'drizzle-orm';
import { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentEmployments } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { loadOneOptData, phaseOf } from '../queries/opt-data.query.js';
import { ensureStemReports } from './ensure-stem-reports.js';
import {
  assertEmploymentTime,
  employmentAuditShape,
  authorizationFor,
  detailsWith,
  employmentFieldsOf,
  presentOptStudentOf,
} from '../employment-fields.js';
import { raiseEmployerChanged } from '../employer-events.js';

/**
 * Changes an OPT/STEM employer period (dates, employer, EIN, full/part time); an end date ends the
 * employer. SEVIS hears it (OPTEmployer / Edit, docs/product/students-opt.md#employers).
 */
export async function updateEmployment(ctx: TContext, profileId: string, employmentId: string, input: studentsApi.TEmploymentInput) {
  const actor = requireActor(ctx);
  const body = studentsApi.ZEmploymentInput.parse(input);
  return ctx.db(async (tx) => {
    const profile = await getAccessibleProfile(tx, ctx, profileId, 'edit', 'editStudent');
    const [existing] = await tx
      .select()
      .from(studentEmployments)
      .where(
        and(
          eq(studentEmployments.id, employmentId),
          eq(studentEmployments.profileId, profile.id),
          inArray(studentEmployments.kind, ['opt', 'stem']),
        ),
      );
    // Authorisation-only rows (the EAD period without an employer) are not employer periods to edit here.
    if (!existing || existing.employerName === '') throw notFound();
    // Full or part time from the office's list: the period's own value stays valid once retired.
    await assertEmploymentTime(tx, ctx, body.fullOrPartTime, existing.fullOrPartTime);
    // An employer period stays in its own authorisation: moving it would take that authorisation's
    // period with it when it is the only row that carries it (a request's first employer fills that row).
    const own =
      existing.status === 'approved' && existing.authorizedStartDate && existing.authorizedEndDate
        ? [{ phase: phaseOf(existing), startDate: existing.authorizedStartDate, endDate: existing.authorizedEndDate }]
        : (await loadOneOptData(tx, profile.id, ctx.today())).authorizations;
    const auth = authorizationFor(own, body);
    const [row] = await tx
      .update(studentEmployments)
      .set({ ...employmentFieldsOf(body, auth), details: detailsWith(existing.details, body), updatedAt: new Date() })
      .where(eq(studentEmployments.id, existing.id))
      .returning();
    await raiseEmployerChanged(tx, ctx, existing, row!);
    if (auth.phase === '03') await ensureStemReports(tx, ctx.institutionId, [profile.id]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_profile',
      entityId: profile.id,
      action: 'student.opt-employment.updated',
      ip: ctx.ip,
      before: employmentAuditShape(existing),
      after: employmentAuditShape(row!),
    });
    return presentOptStudentOf(tx, ctx, profile);
  });
}
