import { studentsApi } from '@meridian/domain';
import { ON_RECORD, ON_RECORD_NEW_DS2019, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import type { TXmlNode } from '../types.js';
import { evBio, evDependentBio, evFinancial, subjectField } from './common.js';
import { soaSite } from './site-of-activity.js';
import { carriedDependents, carriedSites, createCarriesSitesOfActivity, dependentUserDefined } from '../carried.js';
import { createTipp } from './tipp.js';

/**
 * CreateEV/ExchangeVisitor: the initial DS-2019 of a J-1 record, with its active dependents and its
 * active sites of activity (SEVIS requires at least one), or, for a trainee or intern, the T/IPP
 * (AddTIPP, ev/tipp.ts) and no site of activity unless in Korea WEST (SEVIS S2251). The position code comes with the event
 * (payload.positionCode) when it carries one, else from the record (DS-2019 tab); without either the
 * record is held back with the field named.
 */
export const evCreate: TEventMapper = {
  recordKind: 'create',
  build(m: RecordMapper): TXmlNode | undefined {
    const p = m.p;
    if (p.visaType !== 'J-1')
      m.problem(`The visa type on the student record (${p.visaType}) is not J-1: use the student batch for F-1 records.`);
    if (m.r.action === 'TransferIn')
      m.problem(
        'A transfer-in cannot be sent in a batch: complete the transfer in SEVIS RTI, then enter its SEVIS ID on the student record.',
      );
    const subject = subjectField(m, p.subjectFieldCode);
    const soa = createCarriesSitesOfActivity(m.r);
    const sites = carriedSites(m.r);
    if (soa && !sites.length)
      m.problem(
        m.r.tipp?.plan?.exemptProgram === 'KW'
          ? 'The exchange visitor in the Korea WEST program has no active site of activity on the record: SEVIS needs at least one (SEVIS S2255).'
          : 'The exchange visitor has no active site of activity on the record: SEVIS needs at least one.',
      );
    const tipp = createTipp(m);
    const dependents = carriedDependents(m.r);
    const phone = m.phone(p.phone);
    return {
      Biographical: { ...evBio(m, p, ON_RECORD), PhoneNumber: phone },
      PositionCode: m.code(
        m.first(m.r.payload.positionCode, p.evPositionCode),
        'EVPositionCodeType',
        studentsApi.STUDENT_FIELD_LABELS.evPositionCode!,
        ON_RECORD_NEW_DS2019,
      ),
      PrgStartDate: m.reqDate(p.programStartDate, 'Program start date', ON_RECORD),
      PrgEndDate: m.reqDate(p.programEndDate, 'Program end date', ON_RECORD),
      CategoryCode: m.code(p.evCategoryCode, 'EVCategoryCodeType', 'Exchange visitor category', ON_RECORD),
      SubjectField: { SubjectFieldCode: subject.code, Remarks: subject.remarks },
      USAddress: m.hasAddress(p.usAddress) ? m.usAddress(p.usAddress, 'U.S. address', ON_RECORD) : undefined,
      FinancialInfo: evFinancial(m, true),
      CreateDependent: dependents.length
        ? { Dependent: dependents.slice(0, 25).map((d) => ({ ...evDependentBio(m, d), ...dependentUserDefined(p.id, d.id) })) }
        : undefined,
      AddSiteOfActivity: sites.length
        ? { SiteOfActivity: sites.map((s) => ({ '@xsi:type': 'SOA', ...soaSite(m, s.name, s.address, s.isPrimary) })) }
        : undefined,
      AddTIPP: tipp,
    };
  },
};
