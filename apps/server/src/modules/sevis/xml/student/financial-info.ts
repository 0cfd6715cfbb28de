import type { RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { financialUpdate } from './common.js';

/** FinancialInfo: the record's current funding and expenses (what the record has; empty amounts left out). */
export const studentFinancialInfo: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    return { FinancialInfo: { '@printForm': 'true', ...financialUpdate(m), Remarks: m.opt(m.r.payload.remarks)?.slice(0, 500) } };
  },
};
