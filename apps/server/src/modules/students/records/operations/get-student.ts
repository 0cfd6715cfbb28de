import { type studentsApi as S } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { type TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentStudentRecord } from '../../student-record.presenter.js';

/** One student record, as staff see it (site scope: 404 outside it). */
export async function getStudent(ctx: TContext, profileId: string): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    // FERPA: who opened a record with birth date and SEVIS id is recorded (kept out of the History Log's changes).
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile_read',
      entityId: p.id,
      action: 'student.viewed',
      ip: ctx.ip,
    });
    return presentStudentRecord(tx, ctx.actor, p);
  });
}
