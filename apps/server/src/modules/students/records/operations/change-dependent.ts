import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { sevisPendingEvents, studentDependents } from '../../schema.js';
import type { TProfileRow } from '../../student.policy.js';
import { raiseEvent } from './raise-event.js';
import {
  assertDependentSevisRules,
  DEPENDENT_SEVIS_FIELDS,
  dependentSevisChanges,
  dependentSevisPayload,
  loadDependent,
  type TDependentSet,
} from '../dependent-fields.js';

type TRow = typeof studentDependents.$inferSelect;

export const DEPENDENT_TERMINATED = 'This dependent was terminated and can no longer be changed.';

/**
 * Changes a dependent of the record in the caller's transaction: the office's edit of it, or an approved
 * Dependent Information Update (docs/product/students-requests.md#what-approval-does). SEVIS's entry rules
 * are checked on the fields that change (rules/sevis-entry-rules.ts: S1148 names, S1105 one spouse, S1014 a
 * child under 21...); a change SEVIS must hear of sets needsSevisUpdate and raises one Dependent update:
 * an Edit carrying the dependent's SEVIS ID (Create-UpdateStudent Dependent/Edit/@dependentSevisID, required)
 * once SEVIS has created it, else its Add, refreshed (SEVIS cannot edit what it has not got). An update of the
 * same dependent and action still open (pending or held) is refreshed instead of doubled, whoever raised it,
 * so SEVIS never adds the dependent twice. 404 when the dependent is not the record's, 409 when terminated.
 */
export async function changeDependent(
  tx: TTx,
  ctx: TContext,
  p: TProfileRow,
  dependentId: string,
  set: TDependentSet,
  opts: { requestId?: string | null | undefined; notFoundMessage?: string | undefined } = {},
): Promise<{ before: TRow; after: TRow; changed: (keyof TDependentSet)[]; sevisChanges: string[]; sevisUpdate: string | null }> {
  const before = await loadDependent(tx, p.id, dependentId, opts.notFoundMessage);
  if (before.status === 'Terminated') throw new AppError(409, 'DEPENDENT_TERMINATED', DEPENDENT_TERMINATED);
  const input = { ...pickSevisFields(before), ...set };
  const sevisChanges = dependentSevisChanges(before, input);
  if (sevisChanges.length) await assertDependentSevisRules(tx, p, input, ctx.today(), { dependentId, fields: sevisChanges });
  const changed = (Object.keys(set) as (keyof TDependentSet)[]).filter((k) => String(before[k] ?? '') !== String(set[k] ?? ''));
  if (!changed.length) return { before, after: before, changed, sevisChanges: [], sevisUpdate: null };
  const [after] = await tx
    .update(studentDependents)
    .set({
      ...Object.fromEntries(changed.map((k) => [k, set[k]])),
      ...(sevisChanges.length ? { needsSevisUpdate: true } : {}),
      updatedAt: new Date(),
    })
    .where(eq(studentDependents.id, dependentId))
    .returning();
  if (!sevisChanges.length) return { before, after: after!, changed, sevisChanges, sevisUpdate: null };
  const action = after!.sevisId ? 'Edit' : 'Add';
  const [open] = await tx
    .select({ requestId: sevisPendingEvents.requestId })
    .from(sevisPendingEvents)
    .where(
      and(
        eq(sevisPendingEvents.dependentId, dependentId),
        eq(sevisPendingEvents.eventType, 'Dependent'),
        eq(sevisPendingEvents.action, action),
        inArray(sevisPendingEvents.status, ['pending', 'held']),
      ),
    )
    .orderBy(desc(sevisPendingEvents.createdAt))
    .limit(1);
  await raiseEvent(tx, ctx, {
    profileId: p.id,
    dependentId,
    requestId: open ? open.requestId : opts.requestId,
    eventType: 'Dependent',
    action,
    payload: { ...dependentSevisPayload(after!, p.sevisId), changedFields: sevisChanges },
  });
  return { before, after: after!, changed, sevisChanges, sevisUpdate: `Dependent/${action}` };
}

const pickSevisFields = (d: TRow) =>
  Object.fromEntries(DEPENDENT_SEVIS_FIELDS.map((k) => [k, d[k]])) as Pick<TRow, (typeof DEPENDENT_SEVIS_FIELDS)[number]>;
