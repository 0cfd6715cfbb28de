import type { TTx } from '../../../../platform/db/database.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import type { TProfileRow } from '../../student.policy.js';
import { str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving a cancellation sets the record to Canceled and queues SEVIS's Status / Cancel with the
 * SEVIS Table 10 reason the form asked. SEVIS cancels only a record in Initial status (SEVIS S1057) and
 * never a transfer-in (SEVIS S1090): the approval is refused otherwise. The J-1 (exchange visitor) batch
 * has no cancel event, so for them the office cancels in SEVIS RTI.
 */
export function approveCancelRequest(d: TData, p: TProfileRow, _tx: TTx, today: string): TApprovalEffect {
  if (p.sevisStatus !== 'Initial')
    throw badRequest('Only a record SEVIS has not activated (Initial) can be canceled; terminate an active record instead.');
  if (p.transferDirection === 'in')
    throw badRequest('SEVIS does not cancel a transfer-in record (SEVIS S1090): terminate it in SEVIS RTI.');
  const reason = str(d, 'cancel_reason');
  const set = { sevisStatus: 'Canceled', sevisStatusDate: today };
  const base = { auditAction: 'student.record-canceled', profileSet: set };
  if (!p.sevisId) return { ...base, told: 'Your record is canceled.' };
  if (p.visaType === 'J-1')
    return {
      ...base,
      told: 'Your record is canceled; the office cancels it in SEVIS.',
      doneInRti: 'SEVIS’s exchange visitor batch has no cancel event: the office cancels the record in SEVIS RTI.',
    };
  return {
    ...base,
    told: 'Your record is canceled; the office will report it to SEVIS.',
    event: { eventType: 'Status', action: 'Cancel', payload: { sevisReasonCode: reason, remarks: str(d, 'student_remarks') } },
  };
}
