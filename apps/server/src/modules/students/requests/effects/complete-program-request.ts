import { usDate } from '@meridian/domain';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving an early completion moves the program end to the completion date and queues SEVIS's
 * Program / Shorten with it: SEVIS completes a record once its program end date has passed, so the
 * shortened end is how SEVIS hears of an early completion (student schema Program/Shorten, NewPrgEndDate).
 */
export function approveCompleteProgramRequest(d: TData, p: TProfileRow): TApprovalEffect {
  const to = dateOrNull(d, 'completion_date');
  return {
    auditAction: 'student.program-completed-early',
    told: `Your program now ends on ${to ? usDate(to) : ''}; the office will report it to SEVIS, which completes your record after that date.`,
    profileSet: { programEndDate: to },
    ...(p.sevisId
      ? {
          event: {
            eventType: 'Program' as const,
            action: 'Shorten',
            payload: { programEndDate: to, previousProgramEndDate: p.programEndDate, remarks: str(d, 'student_remarks') },
          },
        }
      : { recordEvents: true }),
  };
}
