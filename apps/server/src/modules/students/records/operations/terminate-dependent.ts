import { eq } from 'drizzle-orm';
import type { studentsApi as S } from '@meridian/domain';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentDependents } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { raiseEvent } from './raise-event.js';
import { auditDependent, loadDependent, dependentSevisPayload } from '../dependent-fields.js';

/** Ends a dependent's status with a SEVIS reason code and queues SEVIS's termination. */
export async function terminateDependent(
  ctx: TContext,
  profileId: string,
  dependentId: string,
  reasonCode: string,
): Promise<S.TStudentDependent> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const before = await loadDependent(tx, profileId, dependentId);
    if (before.status === 'Terminated') throw new AppError(409, 'DEPENDENT_TERMINATED', 'This dependent is already terminated.');
    const [after] = await tx
      .update(studentDependents)
      .set({ status: 'Terminated', terminationReasonCode: reasonCode, needsSevisUpdate: true, updatedAt: new Date() })
      .where(eq(studentDependents.id, dependentId))
      .returning();
    await raiseEvent(tx, ctx, {
      profileId,
      dependentId,
      eventType: 'Dependent',
      action: 'Terminate',
      payload: { ...dependentSevisPayload(after!, p.sevisId), reasonCode },
    });
    await auditDependent(
      tx,
      ctx,
      profileId,
      'student.dependent.terminated',
      { dependentId, status: before.status },
      { dependentId, status: 'Terminated', terminationReasonCode: reasonCode },
    );
    return presentDependent(after!);
  });
}
