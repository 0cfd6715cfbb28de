import { ON_RECORD, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/**
 * PersonalInfo: 'Edit' sends the identity (names, birth, citizenship); 'Address' sends the U.S.
 * address, e-mail and phone (decision 009: one event type, two actions).
 */
export const studentPersonalInfo: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const p = m.p;
    const telephone = m.telephone();
    if (m.r.action === 'Address') {
      if (!m.hasAddress(p.usAddress) && !p.email && !telephone)
        m.problem('The U.S. address, e-mail and phone are all empty on the student record: there is nothing to send.');
      return {
        PersonalInfo: {
          '@printForm': 'false',
          Email: m.email(p.email),
          Telephone: telephone,
          USAddress: m.hasAddress(p.usAddress) ? m.usAddress(p.usAddress, 'U.S. address', ON_RECORD) : undefined,
          ForeignAddress: m.hasAddress(p.foreignAddress) ? m.foreignAddress(p.foreignAddress, 'Foreign address', ON_RECORD) : undefined,
        },
      };
    }
    return {
      PersonalInfo: {
        '@printForm': 'true',
        FullName: m.fullName(p, ON_RECORD),
        BirthDate: m.reqDate(p.birthDate, 'Date of birth', ON_RECORD),
        Gender: m.gender(p.gender, 'Gender', ON_RECORD, false),
        BirthCity: m.opt(p.birthCity),
        BirthCountryCode: m.country(p.birthCountryCode, 'Country of birth', ON_RECORD, 'birth', false),
        CitizenshipCountryCode: m.country(p.citizenshipCountryCode, 'Country of citizenship', ON_RECORD, 'citizenship'),
      },
    };
  },
};
