import type { TAddress } from '../../schema.js';
import { dateOrNull, intOrNull, period, str, usAddress, type TApprovalEffect, type TData } from './approval-effect.js';

/** Approving a CPT request authorizes the employment on the student's record and queues SEVIS's CPT employment update. */
export function approveCptRequest(d: TData): TApprovalEffect {
  const from = dateOrNull(d, 'cpt_start_date');
  const to = dateOrNull(d, 'cpt_end_date');
  const employerAddress = { ...usAddress(d, 'cpt', 'cpt_postal_code'), routeCode: str(d, 'cpt_route_code') } as TAddress;
  return {
    auditAction: 'student.cpt-authorized',
    told: `Your CPT with ${str(d, 'employer_name')} ${period(from, to)} is authorized; the office will report it to SEVIS.`,
    employment: {
      kind: 'cpt',
      status: 'approved',
      authorizedStartDate: from,
      authorizedEndDate: to,
      startDate: from,
      endDate: to,
      employerName: str(d, 'employer_name'),
      jobTitle: str(d, 'employer_job_title'),
      employerEin: str(d, 'employer_ein'),
      employerAddress,
      fullOrPartTime: str(d, 'cpt_full_or_part_time'),
      hoursPerWeek: intOrNull(d, 'cpt_hours_per_week'),
      details: {
        supervisorName: str(d, 'supervisor_name'),
        supervisorPhone: str(d, 'supervisor_phone'),
        course: str(d, 'cpt_course'),
        comment: str(d, 'cpt_employment_comment'),
        remark: str(d, 'cpt_employment_remark'),
      },
    },
    event: {
      eventType: 'CPTEmployment',
      action: 'Add',
      payload: {
        employerName: str(d, 'employer_name'),
        employerAddress,
        startDate: from,
        endDate: to,
        fullOrPartTime: str(d, 'cpt_full_or_part_time'),
        remarks: str(d, 'cpt_employment_remark'),
      },
    },
  };
}
