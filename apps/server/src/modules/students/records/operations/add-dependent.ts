import type { studentsApi as S } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { assertDependentLookups, insertDependent, type TDependentFields } from '../dependent-fields.js';

/**
 * Adds a dependent to a student's record and queues SEVIS's dependent add. A J-2 is added on a new
 * DS-2019 whose purpose SEVIS requires (exchange visitor EVPrintReasonType 06 / 08): the officer
 * chooses it here (docs/product/students-records.md#dependents).
 */
export async function addDependent(ctx: TContext, profileId: string, input: TDependentFields): Promise<S.TStudentDependent> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    // The relationship and countries from the office's lists offered today (docs/product/lookups.md#how-forms-use-the-lists).
    await assertDependentLookups(tx, ctx, input, undefined);
    return presentDependent(await insertDependent(tx, ctx, p, input));
  });
}
