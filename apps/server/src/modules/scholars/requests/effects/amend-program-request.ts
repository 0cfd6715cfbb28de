import { usDate } from '@meridian/domain';
import { applyRecordChange, lockProfile } from '../../../students/index.js';
import { applicationDataWith, officeDataWith, str, type TApproveScholarRequest, type TCaseSet } from './scholar-effect.js';

/**
 * Approving a J-1 program amendment: the case's processed and DS-2019 dates and its subject field take the new
 * values given, and so does the exchange visitor record, which queues SEVIS's updates as its own edit does
 * (a new start Program/Amend with both dates, a later end Program/Extension, a new subject field
 * Program/EditSubject: EV schema 6.27).
 */
export const approveAmendProgramRequest: TApproveScholarRequest = ({ d, c, ev }) => {
  const start = str(d, 'amend_program_start_date');
  const end = str(d, 'amend_program_end_date');
  const subject = str(d, 'amend_subject_field_code');
  const office: Record<string, unknown> = {};
  const caseSet: TCaseSet = {};
  if (start) {
    caseSet.processedStartDate = start;
    office.ds2019StartDate = start;
  }
  if (end) {
    caseSet.processedEndDate = end;
    office.ds2019EndDate = end;
  }
  if (subject) {
    office.subjectFieldCode = subject;
    caseSet.data = applicationDataWith(c, { subjectFieldCode: subject, subjectFieldRemarks: str(d, 'amend_subject_field_remarks') });
  }
  caseSet.officeData = officeDataWith(c, office);
  const said = [start && `starts ${usDate(start)}`, end && `ends ${usDate(end)}`, subject && `has the subject field ${subject}`].filter(
    Boolean,
  );
  return {
    auditAction: 'scholar.program-amended',
    told: `Your program now ${said.join(' and ')}; ${ev ? 'the office will report it to SEVIS' : 'the office prepares your new DS-2019'}.`,
    caseSet,
    ...(ev
      ? {
          onRecord: async (tx, ctx, p, requestId) => {
            const dates = { ...(start ? { programStartDate: start } : {}), ...(end ? { programEndDate: end } : {}) };
            if (Object.keys(dates).length)
              await applyRecordChange(tx, ctx, await lockProfile(tx, p.id), dates, 'student.program-amended', { requestId }, requestId);
            // The subject's update is queued apart from the dates' (a pending update of the same request and kind
            // would take the other's place: both are Program updates), so it names the request in the History Log only.
            if (subject)
              await applyRecordChange(
                tx,
                ctx,
                await lockProfile(tx, p.id),
                { subjectFieldCode: subject },
                'student.program-amended',
                { requestId, subjectFieldRemarks: str(d, 'amend_subject_field_remarks') },
                dates.programStartDate ? null : requestId,
              );
          },
        }
      : {}),
  };
};
