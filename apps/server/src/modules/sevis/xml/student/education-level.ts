import type { RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { educationalInfo, financialInfo } from './common.js';

/** EducationLevel Change (change of level): the new program with its financial support; Cancel. */
export const studentEducationLevel: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    if (m.r.action === 'Cancel') return { EducationLevel: { Cancel: { Remarks: m.opt(pl.remarks)?.slice(0, 500) } } };
    return {
      EducationLevel: {
        Change: {
          '@printForm': 'true',
          EducationalInfo: educationalInfo(m, pl),
          FinancialInfo: financialInfo(m),
          Remarks: m.opt(pl.remarks)?.slice(0, 500),
        },
      },
    };
  },
};
