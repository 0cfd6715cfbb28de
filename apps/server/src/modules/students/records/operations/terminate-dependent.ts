import { dependentTerminationReasons, type studentsApi as S } from '@meridian/domain';
import { fieldError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { auditDependent } from '../dependent-fields.js';
import { endDependent } from './end-dependent.js';

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
    // The exchange visitor batch's J-2 termination carries its effective date: the day the officer ends it.
    const { before, after } = await endDependent(tx, ctx, p, dependentId, { reasonCode, remarks });
    await auditDependent(
      tx,
      ctx,
      profileId,
      'student.dependent.terminated',
      { dependentId, status: before.status },
      { dependentId, status: 'Terminated', terminationReasonCode: reasonCode },
    );
    return presentDependent(after);
  });
}
