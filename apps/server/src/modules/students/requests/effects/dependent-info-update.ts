import { dependentRequestChange, NEW_DEPENDENT } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import { DEPENDENT_TERMINATED } from '../../records/operations/change-dependent.js';
import { loadDependent } from '../../records/dependent-fields.js';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, NOTHING_CHANGED, str, type TApprovalEffect, type TData, type TDependentAction } from './approval-effect.js';

/** Said when the dependent a request names is not on the student's record (a request's data is never trusted). */
export const DEPENDENT_NOT_ON_RECORD = "The dependent this request changes is not on the student's record.";

/** The student's dependent a request names, active (404 when not theirs, 409 when terminated). */
export async function requestedDependent(tx: TTx, p: TProfileRow, id: string) {
  const on = await loadDependent(tx, p.id, id, DEPENDENT_NOT_ON_RECORD);
  if (on.status === 'Terminated') throw new AppError(409, 'DEPENDENT_TERMINATED', DEPENDENT_TERMINATED);
  return on;
}

/** The new dependent a request's fields describe (a row of Several Dependents, or the single update), J-2 with its DS-2019 purpose. */
export function newDependentOf(d: TData, p: TProfileRow): Extract<TDependentAction, { kind: 'add' }> {
  return {
    kind: 'add',
    dependent: {
      firstName: str(d, 'dependent_first_name'),
      lastName: str(d, 'dependent_last_name'),
      relationshipCode: str(d, 'dependent_relationship'),
      gender: str(d, 'dependent_gender'),
      birthDate: dateOrNull(d, 'dependent_birth_date'),
      birthCity: str(d, 'dependent_birth_city'),
      birthCountryCode: str(d, 'dependent_birth_country'),
      citizenshipCountryCode: str(d, 'dependent_citizenship_country'),
      permanentResidenceCountryCode: str(d, 'dependent_residence_country'),
      needsSevisUpdate: true,
    },
    // Exchange visitor schema Dependent/Add FormPurpose (EVPrintReasonType 06 / 08): without it the office completes the update.
    ...(isEv(p) && str(d, 'dependent_form_purpose') ? { formPurpose: str(d, 'dependent_form_purpose') } : {}),
  };
}

/**
 * Approving a Dependent Information Update (docs/product/students-requests.md#what-approval-does). For a
 * dependent the student chose from their record, the fields given change it and SEVIS hears a Dependent
 * Edit with its SEVIS ID (an Add refreshed while SEVIS has not created it yet: records/operations/change-dependent.ts);
 * a dependent of another record is refused (404), a terminated one too (409). For a new one (or a request
 * saved before the choice existed, which names none), the dependent is added and SEVIS hears a Dependent
 * Add; a J-2's carries the DS-2019's purpose the form asked (an older request without it: the officer completes
 * it on the record's SEVIS Updates tab). The SEVIS entry rules (S1148 names, S1105 one spouse, S1014 a child
 * under 21) are checked again on approval.
 */
export async function approveDependentInfoUpdate(d: TData, p: TProfileRow, tx: TTx): Promise<TApprovalEffect> {
  const choice = str(d, 'dependent_id');
  if (choice && choice !== NEW_DEPENDENT) {
    const on = await requestedDependent(tx, p, choice);
    const { values } = dependentRequestChange(d, []);
    const name = `${on.firstName} ${on.lastName}`.trim();
    return {
      auditAction: 'student.dependent.updated',
      told: Object.keys(values).length ? `The details of ${name} are updated; the office will report them to SEVIS.` : NOTHING_CHANGED,
      dependentActions: [{ kind: 'change', dependentId: on.id, set: values }],
    };
  }
  if (!str(d, 'dependent_first_name')) return { auditAction: 'student.dependent-update-approved', told: NOTHING_CHANGED };
  return {
    auditAction: 'student.dependent.added',
    told: `${str(d, 'dependent_first_name')} ${str(d, 'dependent_last_name')} is added to your record; the office will report it to SEVIS.`,
    dependentActions: [newDependentOf(d, p)],
  };
}
