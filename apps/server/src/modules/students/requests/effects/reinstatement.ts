import type { TProfileRow } from '../../student.policy.js';
import { type TApprovalEffect } from './approval-effect.js';

export const REINSTATEMENT_TAG = 'Reinstatement recommended';

/**
 * Approving a reinstatement marks the record (tag "Reinstatement recommended") and says that SEVIS
 * hears of it in RTI: the student batch has no reinstatement event (the DSO's recommendation is made in
 * SEVIS RTI and USCIS decides on the I-539, 8 CFR 214.2(f)(16)). The status changes when USCIS decides
 * (an RTI import or the officer's edit).
 */
export function approveReinstatement(_d: unknown, p: TProfileRow): TApprovalEffect {
  return {
    auditAction: 'student.reinstatement-recommended',
    told: 'The office recommends your reinstatement; it records the recommendation in SEVIS, and USCIS decides.',
    profileSet: { tags: p.tags.includes(REINSTATEMENT_TAG) ? p.tags : [...p.tags, REINSTATEMENT_TAG] },
    doneInRti: 'SEVIS’s student batch has no reinstatement event: the office records the recommendation in SEVIS RTI.',
  };
}
