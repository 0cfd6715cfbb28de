import { str, type TApprovalEffect, type TData, NOTHING_CHANGED, type TProfileSet } from './approval-effect.js';

/** Approving a demographic update changes the names and gender given; SEVIS hears them as a staff edit would (PersonalInfo / Edit). */
export function approveDemographicUpdate(d: TData): TApprovalEffect {
  const set: TProfileSet = {};
  if (str(d, 'new_first_name')) set.firstName = str(d, 'new_first_name');
  if (str(d, 'new_middle_name')) set.middleName = str(d, 'new_middle_name');
  if (str(d, 'new_last_name')) set.lastName = str(d, 'new_last_name');
  if (str(d, 'new_gender')) set.gender = str(d, 'new_gender');
  return {
    auditAction: 'student.demographics-updated',
    told: Object.keys(set).length ? 'Your personal details are updated; the office will report them to SEVIS.' : NOTHING_CHANGED,
    profileSet: set,
    recordEvents: true,
  };
}
