import { IN_EVENT, ON_RECORD, fullOrPartTime, isoDate, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { optEmployer } from './employer.js';

/** One academic year before the requested start (SEVIS: the student has been in status a full academic year). */
function academicYearMet(m: RecordMapper, start: string | undefined): boolean | undefined {
  const given = m.yesNo(m.r.payload.academicYearMet);
  if (given !== undefined) return given;
  const programStart = isoDate(m.p.programStartDate);
  if (!programStart) {
    m.missing('Program start date (to tell whether the student completed one academic year)', ON_RECORD);
    return undefined;
  }
  if (!start) return undefined;
  const oneYearOn = new Date(`${programStart}T00:00:00Z`);
  oneYearOn.setUTCMonth(oneYearOn.getUTCMonth() + 9);
  return start >= oneYearOn.toISOString().slice(0, 10);
}

/**
 * OPTEmployment: Request (the DSO's recommendation: SEVIS 'Add', with completion type 01 pre- or
 * 02 post-completion), STEMExtend (SEVIS 'Extend', with at least one employer), ReportParticipation
 * (a STEM validation report received), Cancel, Edit.
 */
export const studentOptEmployment: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    // A STEM validation report is about the STEM OPT period (SEVIS OPTEmployment/ReportParticipation).
    const stem = m.r.action === 'STEMExtend' || m.r.action === 'ReportParticipation';
    const emp = m.employment(stem ? ['stem'] : ['opt']);
    const start = m.reqDate(m.first(pl.requestedStartDate, pl.startDate, emp?.authorizedStartDate), 'Requested OPT start date', IN_EVENT);
    const end = m.reqDate(m.first(pl.requestedEndDate, pl.endDate, emp?.authorizedEndDate), 'Requested OPT end date', IN_EVENT);
    const time = fullOrPartTime(m.first(pl.fullOrPartTime, emp?.fullOrPartTime));
    if (!time) m.missing('Full or part time OPT', IN_EVENT);
    const base = { StartDate: start, EndDate: end, FullPartTimeIndicator: time };
    switch (m.r.action) {
      case 'STEMExtend': {
        const employer = optEmployer(m, emp);
        return { OPTEmployment: { Extend: { '@printForm': 'true', ...base, Employer: employer } } };
      }
      case 'Request':
      case 'Add': {
        const phase = m.first(pl.optPhase, emp?.optPhase);
        if (phase !== '01' && phase !== '02') m.problem(`The OPT type ${IN_EVENT} must be pre-completion (01) or post-completion (02).`);
        const met = academicYearMet(m, start);
        const remarks = m.opt(pl.remarks);
        return {
          OPTEmployment: {
            Add: {
              '@printForm': 'true',
              ...base,
              AcademicYearMet: met === undefined ? undefined : m.bool(met),
              CompletionType: phase === '01' || phase === '02' ? phase : undefined,
              StudentRemarks: remarks?.slice(0, 500),
            },
          },
        };
      }
      case 'ReportParticipation':
        // The student's six-month STEM validation report reached the office (8 CFR 214.2(f)(12)(ii)); SEVIS prints nothing.
        return { OPTEmployment: { ReportParticipation: { '@printForm': 'false', ...base } } };
      case 'Cancel':
        return { OPTEmployment: { Cancel: { '@printForm': 'true', ...base } } };
      case 'Edit':
        return {
          OPTEmployment: { Edit: { '@printForm': 'true', ...base, NewFullPartTimeIndicator: fullOrPartTime(pl.newFullOrPartTime) } },
        };
      default:
        m.problem(`OPT action '${m.r.action}' is not one the SEVIS batch takes (Request, STEMExtend, ReportParticipation, Cancel, Edit).`);
        return undefined;
    }
  },
};
