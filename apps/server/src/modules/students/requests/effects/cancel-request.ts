import type { TTx } from '../../../../platform/db/database.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import type { TProfileRow } from '../../student.policy.js';
import { isEv, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving a cancellation ends a record SEVIS has not activated. An F-1 record becomes Canceled and SEVIS hears
 * Status / Cancel with the SEVIS Table 10 reason the form asked. An exchange visitor's batch has no cancel: the
 * sponsor marks a DS-2019 that will not be used invalid (exchange visitor schema Status / Invalid, with the
 * student's words as its required remarks), so the J-1 record becomes Invalid. SEVIS cancels only a record in
 * Initial status (SEVIS S1057) and never a transfer-in (SEVIS S1090): the approval is refused otherwise.
 */
export function approveCancelRequest(d: TData, p: TProfileRow, _tx: TTx, today: string): TApprovalEffect {
  if (p.sevisStatus !== 'Initial')
    throw badRequest('Only a record SEVIS has not activated (Initial) can be canceled; terminate an active record instead.');
  if (p.transferDirection === 'in')
    throw badRequest('SEVIS does not cancel a transfer-in record (SEVIS S1090): terminate it in SEVIS RTI.');
  const remarks = str(d, 'student_remarks');
  if (isEv(p)) {
    const base = { auditAction: 'student.record-canceled', profileSet: { sevisStatus: 'Invalid', sevisStatusDate: today } };
    if (!p.sevisId) return { ...base, told: 'Your record is canceled.' };
    return {
      ...base,
      told: 'Your record is canceled; the office will report to SEVIS that your DS-2019 will not be used.',
      event: { eventType: 'Status', action: 'Invalid', payload: { remarks } },
    };
  }
  const base = { auditAction: 'student.record-canceled', profileSet: { sevisStatus: 'Canceled', sevisStatusDate: today } };
  if (!p.sevisId) return { ...base, told: 'Your record is canceled.' };
  return {
    ...base,
    told: 'Your record is canceled; the office will report it to SEVIS.',
    event: { eventType: 'Status', action: 'Cancel', payload: { sevisReasonCode: str(d, 'cancel_reason'), remarks } },
  };
}
