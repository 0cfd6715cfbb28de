import { IN_EVENT, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/** Status: Complete, Terminate (SEVIS termination reason code), Cancel (cancel reason code), Verify. */
export const studentStatus: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    const remarks = m.opt(pl.remarks)?.slice(0, 500);
    const reason = m.first(pl.sevisReasonCode, pl.reasonCode, pl.reason);
    switch (m.r.action) {
      case 'Complete':
        return { Status: { Complete: { Remarks: remarks } } };
      case 'Terminate': {
        const code = m.code(reason, 'StudentTerminationReasonType', 'Termination reason', IN_EVENT);
        return { Status: { Terminate: { Reason: code, OtherRemarks: m.opt(pl.otherRemarks)?.slice(0, 500), Remarks: remarks } } };
      }
      case 'Cancel':
        return { Status: { Cancel: { Reason: m.code(reason, 'StudentCancelReasonType', 'Cancel reason', IN_EVENT), Remarks: remarks } } };
      case 'Verify':
        return { Status: { Verify: {} } };
      default:
        m.problem(`Status action '${m.r.action}' is not one the SEVIS batch takes (Complete, Terminate, Cancel, Verify).`);
        return undefined;
    }
  },
};
