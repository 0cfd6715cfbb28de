import {
  applicationDataWith,
  NOTHING_CHANGED,
  recordChange,
  str,
  type TApproveScholarRequest,
  type TRecordSet,
  type TScholarSet,
} from './scholar-effect.js';

/**
 * Approving a demographic update: the names and gender given change the scholar, their application form and,
 * for a J-1 with its exchange visitor record, the record, which queues SEVIS's PersonalInfo (biographical) update.
 */
export const approveDemographicUpdate: TApproveScholarRequest = ({ d, c, ev }) => {
  const names: Record<string, string> = {};
  const set: TScholarSet & TRecordSet = {};
  if (str(d, 'new_first_name')) set.firstName = names.firstName = str(d, 'new_first_name');
  if (str(d, 'new_middle_name')) set.middleName = names.middleName = str(d, 'new_middle_name');
  if (str(d, 'new_last_name')) set.lastName = names.lastName = str(d, 'new_last_name');
  if (str(d, 'new_gender')) set.gender = str(d, 'new_gender');
  if (!Object.keys(set).length) return { auditAction: 'scholar.demographics-update-approved', told: NOTHING_CHANGED };
  return {
    auditAction: 'scholar.demographics-updated',
    told: `Your personal details are updated${ev ? '; the office will report them to SEVIS' : ''}.`,
    scholarSet: set,
    ...(Object.keys(names).length ? { caseSet: { data: applicationDataWith(c, names) } } : {}),
    ...(ev ? { onRecord: recordChange(set, 'student.demographics-updated') } : {}),
  };
};
