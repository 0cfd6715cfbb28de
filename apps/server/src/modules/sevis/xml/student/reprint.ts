import { IN_EVENT, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/** Reprint: a new I-20 printed by SEVIS for the reason SEVIS lists (StudentReprintRequestReasonType). */
export const studentReprint: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const reason = m.code(
      m.first(m.r.payload.sevisReasonCode, m.r.payload.reason, m.r.action),
      'StudentReprintRequestReasonType',
      'Reprint reason',
      IN_EVENT,
    );
    return { Reprint: { '@printForm': 'true', Reason: reason, Remarks: m.opt(m.r.payload.remarks)?.slice(0, 500) } };
  },
};
