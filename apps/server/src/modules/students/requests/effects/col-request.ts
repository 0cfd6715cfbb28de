import { dateOrNull, str, type TApprovalEffect, type TData, type TProfileSet } from './approval-effect.js';

/** Approving a change of level puts the new program on the student's record and queues SEVIS's education level update. */
export function approveColRequest(d: TData): TApprovalEffect {
  const set: TProfileSet = {
    educationLevel: str(d, 'new_education_level'),
    major1Code: str(d, 'new_major'),
    programStartDate: dateOrNull(d, 'col_program_start_date'),
    programEndDate: dateOrNull(d, 'col_program_end_date'),
  };
  return {
    auditAction: 'student.change-of-level-approved',
    told: 'Your change of level is approved; your record shows the new program and the office will report it to SEVIS.',
    profileSet: set,
    event: { eventType: 'EducationLevel', action: 'Edit', payload: { ...set, remarks: str(d, 'student_remarks') } },
  };
}
