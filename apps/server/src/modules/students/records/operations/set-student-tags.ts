import { eq } from 'drizzle-orm';
import { type studentsApi as S } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { type TContext } from '../../../../platform/http/context.js';
import { studentProfiles } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentStudentRecord } from '../../student-record.presenter.js';
import { lockProfile } from './lock-profile.js';

/** Replaces the office's tags on a student's record. */
export async function setStudentTags(ctx: TContext, profileId: string, tags: string[]): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const before = await lockProfile(tx, profileId);
    const next = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
    if (JSON.stringify(next) === JSON.stringify(before.tags)) return presentStudentRecord(tx, ctx.actor, before);
    const [after] = await tx
      .update(studentProfiles)
      .set({ tags: next, updatedAt: new Date() })
      .where(eq(studentProfiles.id, profileId))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: profileId,
      action: 'student.tags.changed',
      before: { tags: before.tags },
      after: { tags: next },
      ip: ctx.ip,
    });
    return presentStudentRecord(tx, ctx.actor, after!);
  });
}
