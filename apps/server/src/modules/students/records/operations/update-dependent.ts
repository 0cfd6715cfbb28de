import type { studentsApi as S } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { assertDependentLookups, auditDependent, dependentValues, loadDependent, type TDependentFields } from '../dependent-fields.js';
import { changeDependent } from './change-dependent.js';

/** Changes a dependent; a change of identity or countries sets needsSevisUpdate and raises Dependent/Edit (change-dependent.ts). */
export async function updateDependent(
  ctx: TContext,
  profileId: string,
  dependentId: string,
  withPurpose: TDependentFields,
): Promise<S.TStudentDependent> {
  // The DS-2019 purpose belongs to a J-2's Add only: a pending Add refreshed here keeps the one chosen then.
  const input = dependentValues(withPurpose);
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    // A relationship or country given anew comes from the office's lists offered today; the one held stays valid
    // (docs/product/lookups.md#retiring-a-value).
    const current = await loadDependent(tx, p.id, dependentId);
    await assertDependentLookups(tx, ctx, input, current);
    const { before, after, changed, sevisChanges } = await changeDependent(tx, ctx, p, dependentId, input);
    if (!changed.length) return presentDependent(before);
    await auditDependent(
      tx,
      ctx,
      profileId,
      'student.dependent.updated',
      { dependentId, ...Object.fromEntries(changed.map((k) => [k, before[k] ?? null])) },
      {
        dependentId,
        ...Object.fromEntries(changed.map((k) => [k, after[k] ?? null])),
        ...(sevisChanges.length ? { sevisUpdates: ['Dependent'] } : {}),
      },
    );
    return presentDependent(after);
  });
}
