import { dateOrNull, intOrNull, str, type TApprovalEffect, type TData } from './approval-effect.js';

/** Approving a reduced course load queues SEVIS's authorization to drop below a full course of study. */
export function approveRclRequest(d: TData): TApprovalEffect {
  const from = dateOrNull(d, 'rcl_start_date');
  const to = dateOrNull(d, 'rcl_end_date');
  return {
    auditAction: 'student.rcl-authorized',
    told: `Your reduced course load for ${str(d, 'rcl_term')} is authorized; the office will report it to SEVIS.`,
    event: {
      eventType: 'AuthDropBelowFC',
      action: 'Add',
      payload: {
        reason: str(d, 'rcl_reason'),
        term: str(d, 'rcl_term'),
        startDate: from,
        endDate: to,
        credits: intOrNull(d, 'rcl_credits'),
        remarks: str(d, 'student_remarks'),
      },
    },
  };
}
