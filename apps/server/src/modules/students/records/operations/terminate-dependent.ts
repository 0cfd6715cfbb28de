import { eq } from 'drizzle-orm';
import { dependentTerminationReasons, type studentsApi as S } from '@meridian/domain';
import { AppError, fieldError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentDependents } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { raiseEvent } from './raise-event.js';
import { auditDependent, loadDependent, dependentSevisPayload } from '../dependent-fields.js';

/**
 * Ends a dependent's status with the SEVIS reason the officer chooses (F-2: SEVIS Table 3; J-2: SEVIS
 * Table 19, or death / divorce as SEVIS's End Status) and queues SEVIS's termination with that code,
 * so the batch never waits for a code (docs/product/students-records.md#dependents).
 */
export async function terminateDependent(
  ctx: TContext,
  profileId: string,
  dependentId: string,
  input: S.TTerminateDependentInput,
): Promise<S.TStudentDependent> {
  const { reasonCode, remarks } = input;
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    if (!dependentTerminationReasons(p.visaType).some((r) => r.code === reasonCode))
      throw fieldError('reasonCode', 'Choose one of the SEVIS reasons listed');
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
      // The exchange visitor batch's J-2 termination carries its effective date: the day the officer ends it.
      payload: {
        ...dependentSevisPayload(after!, p.sevisId),
        reasonCode,
        sevisReasonCode: reasonCode,
        remarks,
        effectiveDate: ctx.today(),
      },
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
