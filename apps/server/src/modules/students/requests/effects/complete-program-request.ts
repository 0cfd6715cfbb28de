import { EV_COMPLETED_EARLY, usDate } from '@meridian/domain';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, str, type TApprovalEffect, type TData } from './approval-effect.js';
import { programShortened } from './program-end.js';

/**
 * Approving an early completion moves the program end to the completion date and queues SEVIS's
 * Program / Shorten with it: SEVIS completes a record once its program end date has passed, so the
 * shortened end is how SEVIS hears of an early completion (student schema Program/Shorten, NewPrgEndDate).
 * An exchange visitor's Shorten gives SEVIS's reason "program objectives completed early" (POCE) and the
 * student's words as its required remarks.
 */
export function approveCompleteProgramRequest(d: TData, p: TProfileRow): TApprovalEffect {
  const to = dateOrNull(d, 'completion_date');
  return {
    auditAction: 'student.program-completed-early',
    told: `Your program now ends on ${to ? usDate(to) : ''}; the office will report it to SEVIS, which completes your record after that date.`,
    ...programShortened(p, to, { remarks: str(d, 'student_remarks'), evReason: EV_COMPLETED_EARLY }),
  };
}
