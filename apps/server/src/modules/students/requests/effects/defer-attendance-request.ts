import { usDate } from '@meridian/domain';
import { badRequest } from '../../../../platform/errors/app-error.js';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving a deferral moves the program's start and end and queues SEVIS's Program / ManageSessionDates
 * (IssDate, NewPrgStartDate, NewPrgEndDate). SEVIS defers only a record in Initial status (SEVIS S1057)
 * and not a transfer-in (SEVIS S1118): the approval is refused otherwise. The exchange visitor batch has no
 * session dates: an exchange visitor's new dates are its Program / Amend (PrgStartDate, PrgEndDate; a new DS-2019).
 */
export function approveDeferAttendanceRequest(d: TData, p: TProfileRow): TApprovalEffect {
  if (p.sevisStatus !== 'Initial') throw badRequest('Only a record SEVIS has not activated (Initial) can defer attendance (SEVIS S1057).');
  if (p.transferDirection === 'in') throw badRequest('SEVIS does not defer a transfer-in record (SEVIS S1118).');
  const from = dateOrNull(d, 'deferred_program_start_date');
  const to = dateOrNull(d, 'deferred_program_end_date');
  return {
    auditAction: 'student.attendance-deferred',
    told: `Your program now starts on ${from ? usDate(from) : ''}; the office will report it to SEVIS, which issues a new form.`,
    profileSet: { programStartDate: from, programEndDate: to },
    ...(p.sevisId
      ? {
          event: {
            eventType: 'Program' as const,
            action: isEv(p) ? 'Amend' : 'ManageSessionDates',
            payload: {
              programStartDate: from,
              programEndDate: to,
              previousProgramStartDate: p.programStartDate,
              remarks: str(d, 'student_remarks'),
            },
          },
        }
      : { recordEvents: true }),
  };
}
