import { IN_EVENT, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { optEmployer } from './employer.js';

/**
 * OPTEmployer Add: an employer within an authorized OPT period, which SEVIS identifies by the
 * period's start and end dates (the employment row's authorized dates).
 */
export const studentOptEmployer: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const emp = m.employment(['opt', 'stem']);
    if (!emp) m.problem('The OPT period this employer belongs to is no longer on the student record.');
    const identifier = {
      StartDate: m.reqDate(m.first(m.r.payload.authorizedStartDate, emp?.authorizedStartDate), 'OPT authorized start date', IN_EVENT),
      EndDate: m.reqDate(m.first(m.r.payload.authorizedEndDate, emp?.authorizedEndDate), 'OPT authorized end date', IN_EVENT),
    };
    const employer = optEmployer(m, emp);
    if (m.r.action === 'Edit') {
      const name = m.req(m.first(m.r.payload.previousEmployerName, emp?.employerName), 'Employer name', IN_EVENT);
      const start = m.reqDate(m.first(m.r.payload.previousStartDate, emp?.startDate), 'Employment start date', IN_EVENT);
      return {
        OPTEmployer: {
          Edit: {
            '@printForm': 'false',
            EmploymentIdentifier: identifier,
            EmployerIdentifier: { EmployerName: name, StartDate: start },
            Employer: employer,
          },
        },
      };
    }
    return { OPTEmployer: { Add: { '@printForm': 'false', EmploymentIdentifier: identifier, Employer: employer } } };
  },
};
