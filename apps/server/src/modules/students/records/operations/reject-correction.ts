import { eq } from 'drizzle-orm';
import { AppError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { notify } from '../../../notifications/index.js';
import { studentProfileCorrections } from '../../schema.js';
import { MSG_DECIDED, auditCorrection, presentCorrection, loadCorrection } from '../correction-fields.js';

/** Reject with a note the student reads. */
export async function rejectCorrection(ctx: TContext, correctionId: string, note: string) {
  return ctx.db(async (tx) => {
    const { c, p } = await loadCorrection(tx, ctx, correctionId, 'edit', true);
    if (c.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', MSG_DECIDED);
    const [decided] = await tx
      .update(studentProfileCorrections)
      .set({ status: 'rejected', decisionNote: note, decidedBy: requireActor(ctx).userId, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(studentProfileCorrections.id, correctionId))
      .returning();
    await auditCorrection(
      tx,
      ctx,
      c.profileId,
      'student.correction.rejected',
      { correctionId, status: 'rejected', fields: Object.keys(c.changes), note },
      { status: 'pending' },
    );
    if (p.userId) {
      await notify(tx, ctx, {
        userIds: [p.userId],
        typeName: 'student.correction.rejected',
        profileId: c.profileId,
        text: `Your profile correction was not approved: ${note}`,
        email: {
          subject: 'Your profile correction was not approved',
          text: `The office did not approve your profile correction.\n\nReason: ${note}`,
        },
      });
    }
    return presentCorrection(tx, ctx, decided!, p);
  });
}
