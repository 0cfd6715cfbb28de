import { STUDENT_VISA_TO_SEVIS } from '../codes.js';
import { ON_RECORD, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import type { TXmlNode } from '../types.js';
import { educationalInfo, financialInfo, studentDependentBio } from './common.js';
import { carriedDependents, dependentUserDefined } from '../carried.js';

/**
 * CreateStudent/Student: the initial I-20 of a record SEVIS does not know yet, with its active
 * dependents (up to 25) as CreateDependent.
 */
export const studentCreate: TEventMapper = {
  recordKind: 'create',
  build(m: RecordMapper): TXmlNode | undefined {
    const p = m.p;
    if (m.r.action === 'TransferIn') {
      m.problem(
        'A transfer-in cannot be sent in a batch (the SEVIS batch schema has no transfer event): release and receive the record in SEVIS RTI, then enter its SEVIS ID on the student record.',
      );
      return undefined;
    }
    const visa = STUDENT_VISA_TO_SEVIS[p.visaType];
    if (!visa)
      m.problem(`The visa type on the student record (${p.visaType}) is not F-1 or M-1: use the exchange visitor batch for J-1 records.`);
    // SEVIS S1164: every F-1 / M-1 student but K-12 and M-1 under 14 has a U.S. or a foreign phone.
    const telephone = m.telephone();
    if (!telephone) m.missing('A phone (U.S. or foreign: SEVIS needs one)', ON_RECORD);
    const dependents = carriedDependents(m.r);
    if (dependents.length > 25)
      m.problem(`The student has ${dependents.length} dependents to create; SEVIS takes at most 25 with a new record.`);
    return {
      PersonalInfo: {
        FullName: m.fullName(p, ON_RECORD),
        BirthDate: m.reqDate(p.birthDate, 'Date of birth', ON_RECORD),
        Gender: m.gender(p.gender, 'Gender', ON_RECORD),
        BirthCity: m.opt(p.birthCity),
        BirthCountryCode: m.country(p.birthCountryCode, 'Country of birth', ON_RECORD, 'birth'),
        CitizenshipCountryCode: m.country(p.citizenshipCountryCode, 'Country of citizenship', ON_RECORD, 'citizenship'),
        Email: m.email(p.email),
        VisaType: visa,
        Telephone: telephone,
      },
      IssueReason: 'I',
      USAddress: m.hasAddress(p.usAddress) ? m.usAddress(p.usAddress, 'U.S. address', ON_RECORD) : undefined,
      ForeignAddress: m.foreignAddress(p.foreignAddress, 'Foreign address', ON_RECORD),
      EducationalInfo: educationalInfo(m),
      FinancialInfo: financialInfo(m),
      CreateDependent: dependents.length
        ? { Dependent: dependents.map((d) => ({ ...studentDependentBio(m, d), ...dependentUserDefined(p.id, d.id) })) }
        : undefined,
      Remarks: m.opt(m.r.payload.remarks),
    };
  },
};
