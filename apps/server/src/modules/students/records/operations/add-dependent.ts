import type { studentsApi as S } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { studentDependents } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { raiseEvent } from './raise-event.js';
import { assertDependentSevisRules, auditDependent, dependentSevisPayload, type TDependentFields } from '../dependent-fields.js';

/** Adds a dependent to a student's record and queues SEVIS's dependent add. */
export async function addDependent(ctx: TContext, profileId: string, input: TDependentFields): Promise<S.TStudentDependent> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    await assertDependentSevisRules(tx, p, input);
    const [d] = await tx
      .insert(studentDependents)
      .values({ institutionId: ctx.institutionId, profileId, ...input, needsSevisUpdate: true })
      .returning();
    await raiseEvent(tx, ctx, {
      profileId,
      dependentId: d!.id,
      eventType: 'Dependent',
      action: 'Add',
      payload: dependentSevisPayload(d!, p.sevisId),
    });
    await auditDependent(tx, ctx, profileId, 'student.dependent.added', null, {
      dependentId: d!.id,
      name: `${d!.firstName} ${d!.lastName}`,
      relationshipCode: d!.relationshipCode,
    });
    return presentDependent(d!);
  });
}
