import { eq } from 'drizzle-orm';
import type { studentsApi as S } from '@meridian/domain';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentDependents } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentDependent } from '../../student-record.presenter.js';
import { raiseEvent } from './raise-event.js';
import {
  assertDependentSevisRules,
  auditDependent,
  dependentSevisChanges,
  loadDependent,
  dependentSevisPayload,
  dependentValues,
  type TDependentFields,
} from '../dependent-fields.js';

/** Changes a dependent; a change of identity or countries sets needsSevisUpdate and raises Dependent/Edit. */
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
    const before = await loadDependent(tx, profileId, dependentId);
    if (before.status === 'Terminated')
      throw new AppError(409, 'DEPENDENT_TERMINATED', 'This dependent was terminated and can no longer be changed.');
    const sevisChanges = dependentSevisChanges(before, input);
    if (sevisChanges.length) await assertDependentSevisRules(tx, p, withPurpose, ctx.today(), { dependentId, fields: sevisChanges });
    const all = (Object.keys(input) as (keyof typeof input)[]).filter((k) => String(before[k] ?? '') !== String(input[k] ?? ''));
    if (!all.length) return presentDependent(before);
    const [after] = await tx
      .update(studentDependents)
      .set({ ...input, ...(sevisChanges.length ? { needsSevisUpdate: true } : {}), updatedAt: new Date() })
      .where(eq(studentDependents.id, dependentId))
      .returning();
    if (sevisChanges.length) {
      // A dependent SEVIS has not created yet is still an Add: refresh that instead of a separate Edit.
      const action = after!.sevisId ? 'Edit' : 'Add';
      await raiseEvent(tx, ctx, {
        profileId,
        dependentId,
        eventType: 'Dependent',
        action,
        payload: { ...dependentSevisPayload(after!, p.sevisId), changedFields: sevisChanges },
      });
    }
    await auditDependent(
      tx,
      ctx,
      profileId,
      'student.dependent.updated',
      { dependentId, ...Object.fromEntries(all.map((k) => [k, before[k] ?? null])) },
      {
        dependentId,
        ...Object.fromEntries(all.map((k) => [k, after![k] ?? null])),
        ...(sevisChanges.length ? { sevisUpdates: ['Dependent'] } : {}),
      },
    );
    return presentDependent(after!);
  });
}
