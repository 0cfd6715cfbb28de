import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, intOrNull, isEv, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving on-campus employment adds it to the student's record; SEVIS is not told of an F-1's. An exchange
 * visitor's is student employment the responsible officer authorizes (22 CFR 62.23(g)), which SEVIS keeps but
 * its batch cannot send: the History Log says it is recorded in SEVIS RTI.
 */
export function approveOnCampusEmploymentRequest(d: TData, p: TProfileRow): TApprovalEffect {
  const from = dateOrNull(d, 'on_campus_start_date');
  const to = dateOrNull(d, 'on_campus_end_date');
  return {
    auditAction: 'student.on-campus-employment-added',
    told: isEv(p)
      ? `Your on-campus employment with ${str(d, 'on_campus_employer_name')} is authorized; the office records it in SEVIS.`
      : `Your on-campus employment with ${str(d, 'on_campus_employer_name')} is on your record.`,
    ...(isEv(p)
      ? { doneInRti: "SEVIS's exchange visitor batch has no student employment event: the office records the authorization in SEVIS RTI." }
      : {}),
    employment: {
      kind: 'on_campus',
      status: 'approved',
      startDate: from,
      endDate: to,
      employerName: str(d, 'on_campus_employer_name'),
      jobTitle: str(d, 'employer_job_title'),
      hoursPerWeek: intOrNull(d, 'on_campus_hours_per_week'),
      employerAddress: { postalCode: str(d, 'on_campus_zip_code') },
      details: { remarks: str(d, 'employment_remarks') },
    },
  };
}
