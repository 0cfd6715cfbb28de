import { usDate } from '@meridian/domain';
import { officeDataWith, recordChange, str, type TApproveScholarRequest } from './scholar-effect.js';

/**
 * Approving a J-1 program extension: the case's processed and DS-2019 end dates move to the new end, and the
 * exchange visitor record's program end date too, which queues SEVIS's Program/Extension (EV schema 6.27
 * Program/Extension/NewPrgEndDate) as the record's own edit does.
 */
export const approveProgramExtension: TApproveScholarRequest = ({ d, c, ev }) => {
  const to = str(d, 'new_program_end_date');
  return {
    auditAction: 'scholar.program-extended',
    told: `Your program is extended to ${usDate(to)}; ${ev ? 'the office will report it to SEVIS' : 'the office prepares your new DS-2019'}.`,
    caseSet: { processedEndDate: to, officeData: officeDataWith(c, { ds2019EndDate: to }) },
    ...(ev ? { onRecord: recordChange({ programEndDate: to }, 'student.program-extended') } : {}),
  };
};
