import {
  DEPENDENT_OTHER_CODE,
  dependentEndIssues,
  dependentEndLookupChecks,
  dependentEnding,
  type studentsApi as S,
} from '@meridian/domain';
import { badRequest } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { lookupStatuses } from '../../../lookups/index.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { auditDependent } from '../dependent-fields.js';
import { endDependent } from './end-dependent.js';

/**
 * Ends a dependent's status with the SEVIS reason the officer chooses and queues SEVIS's event with that code, so the
 * batch never waits for a code (docs/product/students-records.md#dependents): F-2 a termination with SEVIS Table 3's
 * code; J-2 a termination for a violation (Table 19) or the end of its program (Table 18, kept as END-xx). The reason
 * is given anew: it must be one the office's list of its kind offers today (docs/product/lookups.md), and OTHER (09)
 * needs remarks, which SEVIS is sent as the other remarks (S1034 F-2, S2222 / S2130 J-2). Refused on its field (400).
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
    const lookups = await lookupStatuses(tx, ctx, dependentEndLookupChecks(p.visaType, reasonCode));
    const issues = dependentEndIssues(p.visaType, reasonCode, remarks, lookups);
    const first = issues.reasonCode ?? issues.remarks;
    if (first) throw badRequest(first, Object.fromEntries(Object.entries(issues).map(([k, m]) => [k, [m]])));
    const other = dependentEnding(p.visaType, reasonCode).code === DEPENDENT_OTHER_CODE;
    // The exchange visitor batch's J-2 termination carries its effective date: the day the officer ends it.
    const { before, after } = await endDependent(tx, ctx, p, dependentId, {
      reasonCode,
      remarks,
      ...(other ? { otherRemarks: remarks } : {}),
    });
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
