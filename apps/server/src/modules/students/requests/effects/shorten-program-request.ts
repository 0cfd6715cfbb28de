import { usDate } from '@meridian/domain';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, str, type TApprovalEffect, type TData } from './approval-effect.js';

/** Approving a shortened program moves the program end earlier and queues SEVIS's Program / Shorten (NewPrgEndDate). */
export function approveShortenProgramRequest(d: TData, p: TProfileRow): TApprovalEffect {
  const to = dateOrNull(d, 'shortened_program_end_date');
  return {
    auditAction: 'student.program-shortened',
    told: `Your program now ends on ${to ? usDate(to) : ''}; the office will report it to SEVIS.`,
    profileSet: { programEndDate: to },
    ...(p.sevisId
      ? {
          event: {
            eventType: 'Program' as const,
            action: 'Shorten',
            payload: { programEndDate: to, previousProgramEndDate: p.programEndDate, remarks: str(d, 'shorten_reason') },
          },
        }
      : { recordEvents: true }),
  };
}
