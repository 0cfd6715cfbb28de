import type { TProfileRow } from '../../student.policy.js';
import { isEv, str, type TApprovalEffect, type TData, NOTHING_CHANGED, type TProfileSet } from './approval-effect.js';

/**
 * Approving a program update changes the majors and minor given (CIP codes); SEVIS hears them as a staff edit would
 * (Program / Edit). An exchange visitor's changes the subject field, which SEVIS hears as Program / EditSubject with
 * the student's words about it (SubjectFieldRemarks; the CIP title when none).
 */
export function approveProgramInfoUpdate(d: TData, p: TProfileRow): TApprovalEffect {
  if (isEv(p)) {
    const code = str(d, 'new_subject_field_code');
    if (!code || code === p.subjectFieldCode)
      return {
        auditAction: 'student.program-updated',
        told: code ? 'Your request is approved; your record already showed what it asked for.' : NOTHING_CHANGED,
      };
    const told = 'Your program information is updated; the office will report it to SEVIS.';
    if (!p.sevisId) return { auditAction: 'student.program-updated', told, profileSet: { subjectFieldCode: code }, recordEvents: true };
    return {
      auditAction: 'student.program-updated',
      told,
      profileSet: { subjectFieldCode: code },
      event: {
        eventType: 'Program',
        action: 'EditSubject',
        payload: {
          subjectFieldCode: code,
          previousSubjectFieldCode: p.subjectFieldCode,
          ...(str(d, 'subject_field_remarks') ? { subjectFieldRemarks: str(d, 'subject_field_remarks') } : {}),
          remarks: str(d, 'student_remarks'),
        },
      },
    };
  }
  const set: TProfileSet = {};
  if (str(d, 'new_major_code')) set.major1Code = str(d, 'new_major_code');
  if (str(d, 'new_second_major_code')) set.major2Code = str(d, 'new_second_major_code');
  if (str(d, 'new_minor_code')) set.minorCode = str(d, 'new_minor_code');
  return {
    auditAction: 'student.program-updated',
    told: Object.keys(set).length ? 'Your program information is updated; the office will report it to SEVIS.' : NOTHING_CHANGED,
    profileSet: set,
    recordEvents: true,
  };
}
