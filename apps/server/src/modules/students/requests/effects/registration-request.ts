import { dateOrNull, str, type TApprovalEffect, type TData, type TProfileSet } from './approval-effect.js';

/** Approving a registration marks the student registered for the session and queues SEVIS's registration. */
export function approveRegistrationRequest(d: TData): TApprovalEffect {
  const set: TProfileSet = {
    isRegistered: true,
    sessionStartDate: dateOrNull(d, 'current_session_start_date'),
    sessionEndDate: dateOrNull(d, 'current_session_end_date'),
    isLastSession: str(d, 'last_session') === '1',
  };
  return {
    auditAction: 'student.registered',
    told: 'Your registration is confirmed; the office will report it to SEVIS.',
    profileSet: set,
    event: {
      eventType: 'Registration',
      action: 'Register',
      payload: {
        ...set,
        nextSessionStartDate: dateOrNull(d, 'next_session_start_date'),
        remarks: str(d, 'register_remarks'),
      },
    },
  };
}
