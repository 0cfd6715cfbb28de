import { dateOrNull, intOrNull, str, type TApprovalEffect, type TData } from './approval-effect.js';

/** Approving on-campus employment adds it to the student's record; SEVIS is not told. */
export function approveOnCampusEmploymentRequest(d: TData): TApprovalEffect {
  const from = dateOrNull(d, 'on_campus_start_date');
  const to = dateOrNull(d, 'on_campus_end_date');
  return {
    auditAction: 'student.on-campus-employment-added',
    told: `Your on-campus employment with ${str(d, 'on_campus_employer_name')} is on your record.`,
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
