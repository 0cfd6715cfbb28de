import { str, type TApprovalEffect, type TData, NOTHING_CHANGED, type TProfileSet } from './approval-effect.js';

/** Approving a program update changes the majors and minor given (CIP codes); SEVIS hears them as a staff edit would (Program / Edit). */
export function approveProgramInfoUpdate(d: TData): TApprovalEffect {
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
