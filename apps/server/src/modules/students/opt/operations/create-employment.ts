import { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentEmployments } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { loadOneOptData } from '../queries/opt-data.query.js';
import { ensureStemReports } from './ensure-stem-reports.js';
import {
  assertEmploymentTime,
  employmentAuditShape,
  authorizationFor,
  detailsWith,
  employmentFieldsOf,
  presentOptStudentOf,
} from '../employment-fields.js';
import { raiseEmployerAdded } from '../employer-events.js';

/**
 * Records an OPT/STEM employer period; the unemployment counter is computed from these periods. Full or part time
 * is one the office's list offers today.
 * SEVIS hears of the employer (OPTEmployer / Add, docs/product/students-opt.md#employers).
 */
export async function createEmployment(ctx: TContext, profileId: string, input: studentsApi.TEmploymentInput) {
  const actor = requireActor(ctx);
  const body = studentsApi.ZEmploymentInput.parse(input);
  return ctx.db(async (tx) => {
    const profile = await getAccessibleProfile(tx, ctx, profileId, 'edit', 'editStudent');
    await assertEmploymentTime(tx, ctx, body.fullOrPartTime);
    const data = await loadOneOptData(tx, profile.id, ctx.today());
    const auth = authorizationFor(data.authorizations, body);
    const [row] = await tx
      .insert(studentEmployments)
      .values({
        institutionId: ctx.institutionId,
        profileId: profile.id,
        ...employmentFieldsOf(body, auth),
        details: detailsWith({}, body),
      })
      .returning();
    await raiseEmployerAdded(tx, ctx, row!);
    if (auth.phase === '03') await ensureStemReports(tx, ctx.institutionId, [profile.id]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_profile',
      entityId: profile.id,
      action: 'student.opt-employment.created',
      ip: ctx.ip,
      after: employmentAuditShape(row!),
    });
    return presentOptStudentOf(tx, ctx, profile);
  });
}
