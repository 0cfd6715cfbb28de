import { ON_RECORD, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/** Registration: the student is enrolled for the current session (dates from the request, else the record). */
export const studentRegistration: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const p = m.p;
    const pl = m.r.payload;
    const last = m.yesNo(pl.isLastSession) ?? p.isLastSession;
    // SEVIS takes a registration without the next session's start (the bulk Registration list has none).
    const next = m.optDate(pl.nextSessionStartDate);
    const remarks = m.opt(pl.remarks);
    return {
      Registration: {
        '@printForm': 'false',
        LastSession: m.bool(last),
        CurrentSessionStartDate: m.reqDate(m.first(pl.sessionStartDate, p.sessionStartDate), 'Current session start date', ON_RECORD),
        CurrentSessionEndDate: m.reqDate(m.first(pl.sessionEndDate, p.sessionEndDate), 'Current session end date', ON_RECORD),
        NextSessionStartDate: last ? undefined : next,
        Email: m.email(p.email),
        USAddress: m.hasAddress(p.usAddress) ? m.usAddress(p.usAddress, 'U.S. address', ON_RECORD) : undefined,
        Remarks: remarks && remarks.length <= 300 ? remarks : remarks?.slice(0, 300),
      },
    };
  },
};
