import { eq } from 'drizzle-orm';
import { studentsApi as S } from '@meridian/domain';
import { AppError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { notify } from '../../../notifications/index.js';
import { studentProfileCorrections } from '../../schema.js';
import { applyRecordChange } from './apply-record-change.js';
import { lockProfile } from './lock-profile.js';
import { MSG_DECIDED, auditCorrection, presentCorrection, loadCorrection } from '../correction-fields.js';

/** Approve: the requested values are applied (with the record's checks and SEVIS updates) and the student is told. */
export async function approveCorrection(ctx: TContext, correctionId: string, note: string) {
  return ctx.db(async (tx) => {
    const { c } = await loadCorrection(tx, ctx, correctionId, 'edit', true);
    if (c.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', MSG_DECIDED);
    const before = await lockProfile(tx, c.profileId);
    const set = Object.fromEntries(Object.entries(c.changes).map(([k, ch]) => [k, ch.to]));
    const after = await applyRecordChange(tx, ctx, before, set, 'student.correction.applied', { correctionId });
    const [decided] = await tx
      .update(studentProfileCorrections)
      .set({ status: 'approved', decisionNote: note, decidedBy: requireActor(ctx).userId, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(studentProfileCorrections.id, correctionId))
      .returning();
    await auditCorrection(
      tx,
      ctx,
      c.profileId,
      'student.correction.approved',
      { correctionId, status: 'approved', fields: Object.keys(c.changes), note },
      { status: 'pending' },
    );
    if (after.userId) {
      await notify(tx, ctx, {
        userIds: [after.userId],
        typeName: 'student.correction.approved',
        profileId: c.profileId,
        text: 'Your profile correction was approved and your record updated.',
        email: {
          subject: 'Your profile correction was approved',
          text: `The office approved your correction of: ${Object.keys(c.changes)
            .map((k) => S.STUDENT_FIELD_LABELS[k] ?? k)
            .join(', ')}.${note ? `\n\nNote: ${note}` : ''}`,
        },
      });
    }
    return presentCorrection(tx, ctx, decided!, after);
  });
}
