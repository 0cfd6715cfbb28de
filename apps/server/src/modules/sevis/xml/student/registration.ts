import { IN_EVENT, ON_RECORD, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';

/** Registration: the student is enrolled for the current session (dates from the request, else the record). */
export const studentRegistration: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const p = m.p;
    const pl = m.r.payload;
    const last = m.yesNo(pl.isLastSession) ?? p.isLastSession;
    const next = m.optDate(pl.nextSessionStartDate);
    const end = m.reqDate(m.first(pl.sessionEndDate, p.sessionEndDate), 'Current session end date', ON_RECORD);
    // SEVIS S1068: the next session's start is required unless this is the last session; S1103: on or after the current session's end.
    if (!last && !next) m.missing("The next session start date (SEVIS needs it when this is not the student's last session)", IN_EVENT);
    if (!last && next && end && next < end)
      m.problem(`The next session start date ${IN_EVENT} (${next}) is before the current session end (${end}).`);
    // A Registration that waited in the queue may have gone stale: SEVIS judges it on the day it arrives.
    // S1032: the current session has not ended yet; S1114: the next session has not started yet;
    // S1116: the current session ends within the program.
    if (end && end < m.today)
      m.problem(
        `The current session ended on ${end} (SEVIS S1032: it must end today or later): register the student for the session now under way.`,
      );
    if (!last && next && next < m.today)
      m.problem(`The next session start date ${IN_EVENT} (${next}) is already past (SEVIS S1114): enter the coming session's start.`);
    const programEnd = m.optDate(p.programEndDate);
    if (end && programEnd && end > programEnd)
      m.problem(
        `The current session ends on ${end}, after the program end date ${programEnd} (SEVIS S1116): correct the session or extend the program first.`,
      );
    const remarks = m.opt(pl.remarks);
    return {
      Registration: {
        '@printForm': 'false',
        LastSession: m.bool(last),
        CurrentSessionStartDate: m.reqDate(m.first(pl.sessionStartDate, p.sessionStartDate), 'Current session start date', ON_RECORD),
        CurrentSessionEndDate: end,
        NextSessionStartDate: last ? undefined : next,
        Email: m.email(p.email),
        USAddress: m.hasAddress(p.usAddress) ? m.usAddress(p.usAddress, 'U.S. address', ON_RECORD) : undefined,
        Remarks: remarks && remarks.length <= 300 ? remarks : remarks?.slice(0, 300),
      },
    };
  },
};
