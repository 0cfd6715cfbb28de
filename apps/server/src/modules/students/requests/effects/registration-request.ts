import { addDays } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, str, type TApprovalEffect, type TData, type TProfileSet } from './approval-effect.js';

/** Days before its program start from which SEVIS validates an exchange visitor's participation (SEVIS S2284). */
const VALIDATE_BEFORE_START_DAYS = 30;

/**
 * Approving a registration marks the student registered for the session and queues SEVIS's registration. SEVIS keeps
 * no session registration of an exchange visitor: their registration is recorded here, and an exchange visitor SEVIS
 * has not validated yet (Initial) is validated (exchange visitor schema Validate) once the program starts within 30
 * days (SEVIS S2284); otherwise SEVIS hears nothing.
 */
export function approveRegistrationRequest(d: TData, p: TProfileRow, _tx: TTx, today: string): TApprovalEffect {
  const set: TProfileSet = {
    isRegistered: true,
    sessionStartDate: dateOrNull(d, 'current_session_start_date'),
    sessionEndDate: dateOrNull(d, 'current_session_end_date'),
    isLastSession: str(d, 'last_session') === '1',
  };
  if (isEv(p)) {
    const validate =
      !!p.sevisId &&
      p.sevisStatus === 'Initial' &&
      !!p.programStartDate &&
      p.programStartDate <= addDays(today, VALIDATE_BEFORE_START_DAYS);
    return {
      auditAction: 'student.registered',
      told: validate
        ? 'Your registration is confirmed; the office will validate your participation in SEVIS.'
        : 'Your registration is confirmed.',
      profileSet: set,
      ...(validate
        ? { event: { eventType: 'Validate' as const, action: 'Validate', payload: { programStartDate: p.programStartDate } } }
        : {}),
    };
  }
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
