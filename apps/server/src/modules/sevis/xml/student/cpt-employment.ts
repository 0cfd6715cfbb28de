import { IN_EVENT, fullOrPartTime, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { type TAddress } from '../../../students/index.js';

/** CPTEmployment Add (a new authorization) or Cancel (payload or the authorized employment row). */
export const studentCptEmployment: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    const emp = m.employment(['cpt']);
    const start = m.reqDate(m.first(pl.startDate, emp?.startDate), 'CPT start date', IN_EVENT);
    const end = m.reqDate(m.first(pl.endDate, emp?.endDate), 'CPT end date', IN_EVENT);
    const time = fullOrPartTime(m.first(pl.fullOrPartTime, emp?.fullOrPartTime));
    if (!time) m.missing('Full or part time', IN_EVENT);
    const employer = m.req(m.first(pl.employerName, emp?.employerName), 'Employer name', IN_EVENT);
    const base = { StartDate: start, EndDate: end, FullPartTimeIndicator: time, EmployerName: employer };
    if (m.r.action === 'Cancel') return { CPTEmployment: { Cancel: { '@printForm': 'true', ...base } } };
    if (m.r.action !== 'Add') {
      m.problem(`CPT action '${m.r.action}' is not one the SEVIS batch takes (Add or Cancel).`);
      return undefined;
    }
    const address = (pl.employerAddress ?? emp?.employerAddress) as TAddress | undefined;
    const relevance = m.first(pl.courseRelevance, emp?.details?.course);
    return {
      CPTEmployment: {
        Add: {
          '@printForm': 'true',
          ...base,
          EmployerAddress: m.usAddress(address, "Employer's address", IN_EVENT, 'plain'),
          CourseRelevance: relevance ? relevance.slice(0, 250) : undefined,
          EmploymentRemarks: m.opt(pl.remarks)?.slice(0, 250),
        },
      },
    };
  },
};
