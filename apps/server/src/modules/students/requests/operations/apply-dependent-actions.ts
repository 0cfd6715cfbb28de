import type { TTx } from '../../../../platform/db/database.js';
import type { TContext } from '../../../../platform/http/context.js';
import type { TRequestRow } from '../../../requests/index.js';
import { studentDependents } from '../../schema.js';
import type { TProfileRow } from '../../student.policy.js';
import { assertDependentSevisRules, dependentSevisPayload } from '../../records/dependent-fields.js';
import { changeDependent } from '../../records/operations/change-dependent.js';
import { endDependent } from '../../records/operations/end-dependent.js';
import { raiseEvent } from '../../records/operations/raise-event.js';
import { DEPENDENT_NOT_ON_RECORD } from '../effects/dependent-info-update.js';
import type { TDependentAction } from '../effects/approval-effect.js';

type TEntry = Record<string, unknown>;

/** What the History Log keeps of an approval's dependents, the SEVIS updates queued, and whether nothing changed. */
export interface TDependentOutcome {
  before: TEntry | undefined;
  after: TEntry;
  sevisUpdates: string[];
  /** Every action only gave values the record already held: SEVIS hears nothing, and the student is not promised it does. */
  unchanged: boolean;
}

/**
 * Applies an approval's dependent actions in order, in its transaction (docs/product/students-requests.md#what-approval-does):
 * an addition passes SEVIS's entry rules on the office's today and queues Dependent/Add (a J-2's with its DS-2019
 * purpose); a change goes through the record's own change (Dependent/Edit, or the Add refreshed); an end through the
 * record's own termination (Dependent/Terminate). One action's History Log words sit on the entry as they always did;
 * several are listed under `dependents`.
 */
export async function applyDependentActions(
  tx: TTx,
  ctx: TContext,
  profile: TProfileRow,
  r: TRequestRow,
  actions: readonly TDependentAction[],
): Promise<TDependentOutcome> {
  const befores: TEntry[] = [];
  const afters: TEntry[] = [];
  const sevisUpdates: string[] = [];
  let changes = 0;
  let unchangedChanges = 0;
  for (const a of actions) {
    if (a.kind === 'add') {
      // SEVIS's entry rules on the dependent SEVIS is asked to add (S1148 names, S1105 one spouse, S1014 a child under 21...), on the office's today.
      await assertDependentSevisRules(tx, profile, a.dependent, ctx.today());
      const [d] = await tx
        .insert(studentDependents)
        .values({ ...a.dependent, institutionId: ctx.institutionId, profileId: profile.id })
        .returning();
      await raiseEvent(tx, ctx, {
        profileId: profile.id,
        dependentId: d!.id,
        requestId: r.id,
        eventType: 'Dependent',
        action: 'Add',
        payload: { ...dependentSevisPayload(d!, profile.sevisId), ...(a.formPurpose ? { formPurpose: a.formPurpose } : {}) },
      });
      sevisUpdates.push('Dependent/Add');
      befores.push({});
      afters.push({ change: 'add', dependentId: d!.id, name: `${d!.firstName} ${d!.lastName}` });
    } else if (a.kind === 'change') {
      const change = await changeDependent(tx, ctx, profile, a.dependentId, a.set, {
        requestId: r.id,
        notFoundMessage: DEPENDENT_NOT_ON_RECORD,
      });
      changes += 1;
      if (Object.keys(a.set).length > 0 && !change.changed.length) unchangedChanges += 1;
      befores.push({ dependentId: a.dependentId, ...Object.fromEntries(change.changed.map((k) => [k, change.before[k] ?? null])) });
      afters.push({
        change: 'update',
        dependentId: a.dependentId,
        name: `${change.after.firstName} ${change.after.lastName}`,
        dependentSevisId: change.after.sevisId,
        ...Object.fromEntries(change.changed.map((k) => [k, change.after[k] ?? null])),
      });
      if (change.sevisUpdate) sevisUpdates.push(change.sevisUpdate);
    } else {
      const { before, after } = await endDependent(tx, ctx, profile, a.dependentId, {
        reasonCode: a.reasonCode,
        remarks: a.remarks,
        otherRemarks: a.otherRemarks,
        requestId: r.id,
        notFoundMessage: DEPENDENT_NOT_ON_RECORD,
      });
      sevisUpdates.push('Dependent/Terminate');
      befores.push({ dependentId: a.dependentId, status: before.status });
      afters.push({
        change: 'end',
        dependentId: a.dependentId,
        name: `${after.firstName} ${after.lastName}`,
        status: after.status,
        terminationReasonCode: a.reasonCode,
      });
    }
  }
  const unchanged = changes > 0 && unchangedChanges === changes && changes === actions.length;
  if (actions.length === 1) {
    // One dependent: its words sit on the entry itself, as the History Log has always shown them.
    const { change: _change, ...after } = afters[0]!;
    const before = befores[0]!;
    return { before: actions[0]!.kind === 'add' ? undefined : before, after, sevisUpdates, unchanged };
  }
  return { before: { dependents: befores }, after: { dependents: afters }, sevisUpdates, unchanged };
}
