import { dateOrNull, period, str, usAddress, type TApprovalEffect, type TData } from './approval-effect.js';

/** Approving a STEM OPT extension records the extension with its employer and queues SEVIS's STEM extension. */
export function approveOptStemExtend(d: TData): TApprovalEffect {
  const from = dateOrNull(d, 'requested_start_date');
  const to = dateOrNull(d, 'requested_end_date');
  const employer = {
    employerName: str(d, 'employer_name'),
    jobTitle: str(d, 'employer_job_title'),
    employerEin: str(d, 'employer_ein'),
    employerAddress: usAddress(d, 'employer', 'employer_zip_code'),
    fullOrPartTime: str(d, 'employer_full_or_part_time'),
  };
  return {
    auditAction: 'student.stem-opt-recommended',
    told: `Your STEM OPT extension ${period(from, to)} is recommended; the office will report it to SEVIS.`,
    employment: {
      kind: 'stem',
      optPhase: '03',
      status: 'approved',
      authorizedStartDate: from,
      authorizedEndDate: to,
      startDate: from,
      ...employer,
      details: {
        everifyNumber: str(d, 'everify_number'),
        salary: str(d, 'newjobsalary'),
        supervisorName: str(d, 'supervisor_name'),
        supervisorPhone: str(d, 'supervisor_phone'),
        trainingObjectives: str(d, 'evsatobjectives'),
      },
    },
    event: {
      eventType: 'OPTEmployment',
      action: 'STEMExtend',
      payload: { ...employer, requestedStartDate: from, requestedEndDate: to, everifyNumber: str(d, 'everify_number') },
    },
  };
}
