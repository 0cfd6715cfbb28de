import { usDate } from '@meridian/domain';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving a program extension moves the program's end date and queues SEVIS's program extension: the student
 * schema's carries the reason as its Explanation, the exchange visitor schema's as its remarks.
 */
export function approveProgramExtension(d: TData, p: TProfileRow): TApprovalEffect {
  const to = dateOrNull(d, 'new_program_end_date');
  return {
    auditAction: 'student.program-extended',
    told: `Your program is extended to ${to ? usDate(to) : ''}; the office will report it to SEVIS.`,
    profileSet: { programEndDate: to },
    event: {
      eventType: 'Program',
      action: 'Extension',
      payload: {
        programEndDate: to,
        previousProgramEndDate: p.programEndDate,
        reason: str(d, 'reason_for_extension'),
        ...(isEv(p) ? { remarks: str(d, 'reason_for_extension') } : {}),
        funding: {
          personal: str(d, 'personal_funds'),
          school: str(d, 'school_funding'),
          schoolRemarks: str(d, 'school_funding_remarks'),
          other: str(d, 'other_funding'),
          otherRemarks: str(d, 'other_funding_remarks'),
          remarks: str(d, 'other_amount_remarks'),
        },
      },
    },
  };
}
