import type { RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { evFinancial } from './common.js';

/** FinancialInfo of an exchange visitor (what the record has). */
export const evFinancialInfo: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    return { FinancialInfo: { '@printForm': 'true', ...evFinancial(m, false) } };
  },
};
