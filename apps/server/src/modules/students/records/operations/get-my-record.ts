import { desc, eq } from 'drizzle-orm';
import { type studentsApi as S } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { studentProfileCorrections } from '../../schema.js';
import { getOwnProfile } from '../../student.policy.js';
import { presentStudentRecord } from '../../student-record.presenter.js';
import { correctionSummary } from '../correction-fields.js';

/** The student's own record, read only, with their correction requests. */
export async function getMyRecord(ctx: TContext): Promise<S.TMyRecord> {
  return ctx.db(async (tx) => {
    const p = await getOwnProfile(tx, ctx);
    const { canEdit: _c, pendingSevisEvents: _s, tags: _t, employments: _e, ...rest } = await presentStudentRecord(tx, null, p);
    const corrections = await tx
      .select()
      .from(studentProfileCorrections)
      .where(eq(studentProfileCorrections.profileId, p.id))
      .orderBy(desc(studentProfileCorrections.createdAt));
    return { ...rest, corrections: corrections.map((c) => correctionSummary(c, p)) };
  });
}
