import { ON_RECORD, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/**
 * Biographical: our PersonalInfo events of a J-1 record. 'Edit' (and Biographical events) send the
 * identity; 'Address' sends the U.S. address, e-mail and phone.
 */
export const evBiographical: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const p = m.p;
    const phone = m.phone(p.phone);
    if (m.r.action === 'Address') {
      if (!m.hasAddress(p.usAddress) && !p.email && !phone)
        m.problem('The U.S. address, e-mail and phone are all empty on the student record: there is nothing to send.');
      return {
        Biographical: {
          '@printForm': 'false',
          EmailAddress: m.email(p.email),
          PhoneNumber: phone,
          USAddress: m.hasAddress(p.usAddress) ? m.usAddress(p.usAddress, 'U.S. address', ON_RECORD) : undefined,
        },
      };
    }
    const birth = m.country(p.birthCountryCode, 'Country of birth', ON_RECORD, 'birth', false);
    return {
      Biographical: {
        '@printForm': 'true',
        FullName: m.fullName(p, ON_RECORD),
        BirthDate: m.reqDate(p.birthDate, 'Date of birth', ON_RECORD),
        Gender: m.gender(p.gender, 'Gender', ON_RECORD, false),
        BirthCity: m.opt(p.birthCity),
        BirthCountryCode: birth,
        CitizenshipCountryCode: m.country(p.citizenshipCountryCode, 'Country of citizenship', ON_RECORD, 'citizenship'),
        PermanentResidenceCountryCode: m.country(
          p.permanentResidenceCountryCode,
          'Country of permanent residence',
          ON_RECORD,
          'citizenship',
          false,
        ),
        BirthCountryReason:
          birth === 'US' ? m.code(m.r.payload.birthCountryReason, 'USBornReasonType', 'Birth country reason', ON_RECORD) : undefined,
        EmailAddress: m.email(p.email),
        PhoneNumber: phone,
      },
    };
  },
};
