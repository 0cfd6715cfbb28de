import { RCL_REASON_TO_SEVIS } from '../codes.js';
import { IN_EVENT, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/** AuthDropBelowFC (reduced course load): Add from an approved RCL request, Cancel. */
export const studentAuthDropBelowFc: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    const given = m.first(pl.sevisReasonCode, pl.reason);
    const code = RCL_REASON_TO_SEVIS[given] ?? given;
    let reason: string | undefined;
    if (!given) m.missing('The reason for the reduced course load', IN_EVENT);
    else if (given === 'academic')
      m.problem(
        "The RCL reason 'Academic difficulty' must be narrowed to one SEVIS reason (English language, reading requirements, American teaching methods or course level placement) before it can be sent.",
      );
    else reason = m.code(code, 'DropBlwfullType', 'The reason for the reduced course load', IN_EVENT);
    const start = m.reqDate(pl.startDate, 'RCL start date', IN_EVENT);
    const end = m.reqDate(pl.endDate, 'RCL end date (end of the term)', IN_EVENT);
    if (m.r.action === 'Cancel')
      return { AuthDropBelowFC: { Cancel: { '@printForm': 'true', Reason: reason, StartDate: start, EndDate: end } } };
    return {
      AuthDropBelowFC: {
        Add: { '@printForm': 'true', Reason: reason, StartDate: start, EndDate: end, Remarks: m.opt(pl.remarks)?.slice(0, 500) },
      },
    };
  },
};
