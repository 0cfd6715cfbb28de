import { usDate } from '@meridian/domain';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, str, type TApprovalEffect, type TData } from './approval-effect.js';
import { programShortened } from './program-end.js';

/**
 * Approving a shortened program moves the program end earlier and queues SEVIS's Program / Shorten (NewPrgEndDate);
 * an exchange visitor's carries the SEVIS reason they chose (ShortenReason) and their words as its remarks.
 */
export function approveShortenProgramRequest(d: TData, p: TProfileRow): TApprovalEffect {
  const to = dateOrNull(d, 'shortened_program_end_date');
  return {
    auditAction: 'student.program-shortened',
    told: `Your program now ends on ${to ? usDate(to) : ''}; the office will report it to SEVIS.`,
    ...programShortened(p, to, { remarks: str(d, 'shorten_reason'), evReason: str(d, 'ev_shorten_reason') || undefined }),
  };
}
