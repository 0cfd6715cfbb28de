import { IN_EVENT, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/** Status of an exchange visitor: Terminate (reason code, effective date), Invalid (remarks), NoShow. */
export const evStatus: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    const remarks = m.opt(pl.remarks)?.slice(0, 500);
    switch (m.r.action) {
      case 'Terminate':
        return {
          Status: {
            Terminate: {
              Reason: m.code(
                m.first(pl.sevisReasonCode, pl.reasonCode, pl.reason),
                'EVTerminationReasonType',
                'Termination reason',
                IN_EVENT,
              ),
              EffectiveDate: m.reqDate(m.first(pl.effectiveDate, m.p.sevisStatusDate), 'Termination effective date', IN_EVENT),
              OtherRemarks: m.opt(pl.otherRemarks)?.slice(0, 500),
              Remarks: remarks,
            },
          },
        };
      case 'Invalid':
        return { Status: { Invalid: { Remarks: m.req(remarks, 'Remarks on why the record is invalid', IN_EVENT) } } };
      case 'NoShow':
        return { Status: { NoShow: {} } };
      default:
        m.problem(`Status action '${m.r.action}' is not one the exchange visitor batch takes (Terminate, Invalid, NoShow).`);
        return undefined;
    }
  },
};
