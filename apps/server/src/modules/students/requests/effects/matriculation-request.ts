import { MATRICULATION_CODES, REQUEST_FIELD_MSG, usDate } from '@meridian/domain';
import { badRequest } from '../../../../platform/errors/app-error.js';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, str, type TApprovalEffect, type TData } from './approval-effect.js';

export const MATRICULATION_NOT_EV = 'SEVIS records a matriculation only for an exchange visitor (J-1) student.';

/**
 * Approving a matriculation (docs/product/students-requests.md#the-catalogue): the J-1 student now pursues the degree
 * the form names, so the record takes its exchange visitor category (SEVIS Table 15: associate 1B, bachelor's 1C,
 * master's 1D, doctorate 1E) and the new program end, and SEVIS hears the exchange visitor schema's Program/Matriculate
 * (MatriculationCode, NewPrgEndDate; a new DS-2019 is printed). SEVIS S2229 is checked again on the record as it is
 * now: the new end comes after the current one. A record SEVIS does not know yet carries it in its Create instead.
 */
export function approveMatriculationRequest(d: TData, p: TProfileRow): TApprovalEffect {
  if (!isEv(p)) throw badRequest(MATRICULATION_NOT_EV);
  const code = str(d, 'matriculation_code');
  const degree = MATRICULATION_CODES.find((c) => c.code === code);
  const to = dateOrNull(d, 'matriculation_program_end_date');
  if (!degree || !to) throw badRequest('The matriculation has no degree or no program end date: ask the student to complete it.');
  if (p.programEndDate && to <= p.programEndDate)
    throw badRequest(REQUEST_FIELD_MSG.newEndNotLater(p.programEndDate), {
      'data.matriculation_program_end_date': [REQUEST_FIELD_MSG.newEndNotLater(p.programEndDate)],
    });
  return {
    auditAction: 'student.matriculated',
    told: `Your matriculation in a ${degree.label} program is recorded and your program now ends on ${usDate(to)}; the office will report it to SEVIS.`,
    profileSet: { programEndDate: to, evCategoryCode: degree.category },
    ...(p.sevisId
      ? {
          event: {
            eventType: 'Program' as const,
            action: 'Matriculate',
            payload: {
              matriculationCode: code,
              programEndDate: to,
              previousProgramEndDate: p.programEndDate,
              evCategoryCode: degree.category,
              previousEvCategoryCode: p.evCategoryCode,
              remarks: str(d, 'student_remarks'),
            },
          },
        }
      : { recordEvents: true }),
  };
}
