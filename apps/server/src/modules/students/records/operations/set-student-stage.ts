import { eq } from 'drizzle-orm';
import { type studentsApi as S, type TStudentStage } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { type TContext } from '../../../../platform/http/context.js';
import { studentProfiles } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentStudentRecord } from '../../student-record.presenter.js';
import { tellStageChanged } from '../stage-notice.js';
import { lockProfile } from './lock-profile.js';

/** Office staff move a student to another stage of the portal; the student hears of it when the office has that e-mail on. */
export async function setStudentStage(ctx: TContext, profileId: string, stage: TStudentStage): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const before = await lockProfile(tx, profileId);
    if (before.currentStage === stage) return presentStudentRecord(tx, ctx.actor, before);
    const [after] = await tx
      .update(studentProfiles)
      .set({ currentStage: stage, updatedAt: new Date() })
      .where(eq(studentProfiles.id, profileId))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: profileId,
      action: 'student.stage.changed',
      before: { currentStage: before.currentStage },
      after: { currentStage: stage },
      ip: ctx.ip,
    });
    await tellStageChanged(tx, ctx, after!);
    return presentStudentRecord(tx, ctx.actor, after!);
  });
}
