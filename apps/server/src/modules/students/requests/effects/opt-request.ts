import { dateOrNull, period, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving an OPT request records the recommended OPT period and queues SEVIS's OPT request
 * (OPTEmployment Add: completion type SEVIS Table 9, full or part time SEVIS Table 6).
 */
export function approveOptRequest(d: TData): TApprovalEffect {
  const phase = str(d, 'opt_type');
  const fullOrPartTime = str(d, 'opt_full_or_part_time');
  const from = dateOrNull(d, 'requested_start_date');
  const to = dateOrNull(d, 'requested_end_date');
  const label = phase === '01' ? 'pre-completion' : 'post-completion';
  return {
    auditAction: 'student.opt-recommended',
    told: `Your ${label} OPT ${period(from, to)} is recommended; the office will report it to SEVIS.`,
    employment: {
      kind: 'opt',
      optPhase: phase,
      status: 'approved',
      authorizedStartDate: from,
      authorizedEndDate: to,
      fullOrPartTime,
      details: { email: str(d, 'user_email'), phone: str(d, 'phone_number'), remarks: str(d, 'student_remarks') },
    },
    event: {
      eventType: 'OPTEmployment',
      action: 'Request',
      payload: { optPhase: phase, requestedStartDate: from, requestedEndDate: to, fullOrPartTime, remarks: str(d, 'student_remarks') },
    },
  };
}
