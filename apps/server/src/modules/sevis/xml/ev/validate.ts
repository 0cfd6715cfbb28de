import { ON_RECORD, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/** Validate: the exchange visitor has arrived; SEVIS needs the U.S. address (and takes e-mail and phone). */
export const evValidate: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const p = m.p;
    return {
      Validate: {
        USAddress: m.usAddress(p.usAddress, 'U.S. address', ON_RECORD),
        EmailAddress: m.email(p.email),
        PhoneNumber: m.phone(p.phone),
      },
    };
  },
};
