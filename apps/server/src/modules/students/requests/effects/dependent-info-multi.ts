import { DEPENDENT_END_OTHER, dependentRequestChange, dependentRows, j2EndValue } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TProfileRow } from '../../student.policy.js';
import { isEv, str, type TApprovalEffect, type TData, type TDependentAction } from './approval-effect.js';
import { newDependentOf, requestedDependent } from './dependent-info-update.js';

/**
 * Approving a Several Dependents request (docs/product/students-requests.md#several-dependents): every row applies
 * in the approval's transaction, each with its own SEVIS update. Ends first, then changes, then additions, so a
 * request that ends a spouse's status and adds a new spouse passes SEVIS's one-spouse rule (S1105 / S2119), which
 * is checked again with every addition. A dependent of another record is refused (404), a terminated one too (409);
 * one refusal and nothing of the request applies.
 */
export async function approveDependentInfoMulti(d: TData, p: TProfileRow, tx: TTx): Promise<TApprovalEffect> {
  const ends: TDependentAction[] = [];
  const changes: TDependentAction[] = [];
  const adds: TDependentAction[] = [];
  for (const row of dependentRows(d)) {
    const change = str(row, 'change');
    if (change === 'add') {
      adds.push(newDependentOf(row, p));
      continue;
    }
    const on = await requestedDependent(tx, p, str(row, 'dependent_id'));
    if (change === 'end') {
      const given = str(row, 'end_reason');
      const words = str(row, 'end_remarks');
      const other = (DEPENDENT_END_OTHER as readonly string[]).includes(given);
      // A J-2's reason is Table 18's: the end of its program (SEVIS's End Status), kept as END-xx; a word of a request
      // saved before the lists (DIVORCE) is kept as it is, and the batch sends it as its End Status too.
      const reasonCode = isEv(p) && /^\d{2}$/.test(given) ? j2EndValue(given) : given;
      ends.push({ kind: 'end', dependentId: on.id, reasonCode, remarks: words, ...(other && words ? { otherRemarks: words } : {}) });
    } else changes.push({ kind: 'change', dependentId: on.id, set: dependentRequestChange(row, []).values });
  }
  const count = ends.length + changes.length + adds.length;
  return {
    auditAction: 'student.dependents.updated',
    told: count
      ? `Your ${count === 1 ? 'dependent is' : `${count} dependents are`} updated on your record; the office will report ${count === 1 ? 'it' : 'them'} to SEVIS.`
      : 'Your request is approved; it asked for no change to your record.',
    dependentActions: [...ends, ...changes, ...adds],
  };
}
