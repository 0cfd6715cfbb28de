import type { studentsApi as S } from '@meridian/domain';
import { fieldError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentDependents } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { raiseEvent } from './raise-event.js';
import {
  assertDependentSevisRules,
  auditDependent,
  dependentSevisPayload,
  dependentValues,
  type TDependentFields,
} from '../dependent-fields.js';

/**
 * Adds a dependent to a student's record and queues SEVIS's dependent add. A J-2 is added on a new
 * DS-2019 whose purpose SEVIS requires (exchange visitor EVPrintReasonType 06 / 08): the officer
 * chooses it here (docs/product/students-records.md#dependents).
 */
export async function addDependent(ctx: TContext, profileId: string, input: TDependentFields): Promise<S.TStudentDependent> {
  const { formPurpose } = input;
  const fields = dependentValues(input);
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    if (p.visaType === 'J-1' && !formPurpose) throw fieldError('formPurpose', 'Required field');
    await assertDependentSevisRules(tx, p, input, ctx.today());
    const [d] = await tx
      .insert(studentDependents)
      .values({ institutionId: ctx.institutionId, profileId, ...fields, needsSevisUpdate: true })
      .returning();
    await raiseEvent(tx, ctx, {
      profileId,
      dependentId: d!.id,
      eventType: 'Dependent',
      action: 'Add',
      payload: { ...dependentSevisPayload(d!, p.sevisId), ...(p.visaType === 'J-1' ? { formPurpose } : {}) },
    });
    await auditDependent(tx, ctx, profileId, 'student.dependent.added', null, {
      dependentId: d!.id,
      name: `${d!.firstName} ${d!.lastName}`,
      relationshipCode: d!.relationshipCode,
    });
    return presentDependent(d!);
  });
}
