import { IN_EVENT, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/** Reprint of the DS-2019 for a reason SEVIS lists (EVReprintRequestReasonType). */
export const evReprint: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    return {
      Reprint: {
        '@printForm': 'true',
        Reason: m.code(m.first(pl.sevisReasonCode, pl.reason), 'EVReprintRequestReasonType', 'Reprint reason', IN_EVENT),
        OtherRemarks: m.opt(pl.otherRemarks)?.slice(0, 500),
        Remarks: m.opt(pl.remarks)?.slice(0, 500),
      },
    };
  },
};
