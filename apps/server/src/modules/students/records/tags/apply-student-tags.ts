import { eq, inArray } from 'drizzle-orm';
import { studentsApi as S } from '@meridian/domain';
import { writeAuditMany } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentProfiles } from '../../schema.js';
import { staffReachesProfile } from '../../student.policy.js';

/**
 * Puts tags on, and takes tags off, the records chosen on the Student List (docs/product/students-records.md#tags):
 * those the caller may change; the others are counted as skipped and left as they were. Each changed record's
 * History Log says what its tags were and became.
 */
export async function applyStudentTags(
  ctx: TContext,
  input: { profileIds: string[]; add: string[]; remove: string[] },
): Promise<S.TApplyTagsResult> {
  const actor = requireActor(ctx);
  const add = [...new Set(input.add)];
  const remove = new Set(input.remove);
  if (add.length === 0 && remove.size === 0) throw fieldError('add', S.TAG_MSG.nothingToDo);
  return ctx.db(async (tx) => {
    const ids = [...new Set(input.profileIds)];
    const rows = await tx
      .select({ id: studentProfiles.id, campusSiteId: studentProfiles.campusSiteId, tags: studentProfiles.tags })
      .from(studentProfiles)
      .where(inArray(studentProfiles.id, ids))
      .orderBy(studentProfiles.id)
      .for('update');
    const mine = rows.filter((r) => staffReachesProfile(actor, r, 'edit'));
    const audits = [];
    for (const r of mine) {
      const next = [...new Set([...r.tags, ...add])].filter((t) => !remove.has(t));
      if (JSON.stringify(next) === JSON.stringify(r.tags)) continue;
      await tx.update(studentProfiles).set({ tags: next, updatedAt: new Date() }).where(eq(studentProfiles.id, r.id));
      audits.push({
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'student_profile',
        entityId: r.id,
        action: 'student.tags.changed',
        before: { tags: r.tags },
        after: { tags: next },
        ip: ctx.ip,
      });
    }
    await writeAuditMany(tx, audits);
    return { changed: audits.length, skipped: ids.length - mine.length };
  });
}
