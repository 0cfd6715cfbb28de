import { IN_EVENT, ON_RECORD, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { subjectField } from './common.js';
import { programTippPhaseDates } from './tipp.js';

/**
 * Program of an exchange visitor: Extension, Shorten (SEVIS's completion reason and remarks),
 * Amend (new start/end dates), EditSubject (our 'Amend' carrying a subject field), Matriculate (a J-1
 * student's new degree: SEVIS's MatriculationType A/B/M/D and the new program end). A trainee's or
 * intern's dates change carries the T/IPP's phase dates (TippPhaseDates), ev/tipp.ts.
 */
export const evProgram: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    const p = m.p;
    const remarks = m.opt(pl.remarks)?.slice(0, 500);
    const start = m.optDate(m.first(pl.programStartDate, p.programStartDate));
    const end = m.optDate(m.first(pl.programEndDate, p.programEndDate));
    switch (m.r.action) {
      case 'Extension':
        return {
          Program: {
            Extension: {
              '@printForm': 'true',
              NewPrgEndDate: m.reqDate(m.first(pl.programEndDate, p.programEndDate), 'New program end date', ON_RECORD),
              Remarks: remarks,
              TippPhaseDates: programTippPhaseDates(m, { start, end }),
            },
          },
        };
      case 'Shorten':
        return {
          Program: {
            Shorten: {
              '@printForm': 'true',
              NewPrgEndDate: m.reqDate(m.first(pl.programEndDate, p.programEndDate), 'New program end date', ON_RECORD),
              ShortenReason: m.code(
                m.first(pl.sevisReasonCode, pl.shortenReason),
                'EVCompletionCodeType',
                'Why the program ends early (SEVIS completion reason)',
                IN_EVENT,
              ),
              Remarks: m.req(remarks, 'Remarks on why the program ends early', IN_EVENT),
              TippPhaseDates: programTippPhaseDates(m, { start, end }),
            },
          },
        };
      case 'Matriculate':
        return {
          Program: {
            Matriculate: {
              '@printForm': 'true',
              NewPrgEndDate: m.reqDate(m.first(pl.programEndDate, p.programEndDate), 'New program end date', ON_RECORD),
              MatriculationCode: m.code(pl.matriculationCode, 'MatriculationType', 'The degree matriculated into (A, B, M, D)', IN_EVENT),
            },
          },
        };
      case 'Amend':
      case 'Edit':
      case 'EditSubject': {
        if ('subjectFieldCode' in pl || m.r.action === 'EditSubject') {
          const s = subjectField(m, m.first(pl.subjectFieldCode, p.subjectFieldCode));
          return {
            Program: {
              EditSubject: {
                '@printForm': 'true',
                SubjectFieldCode: s.code,
                SubjectFieldRemarks: s.remarks,
                Remarks:
                  remarks ??
                  (s.code ? `Subject field changed to ${s.code}${s.remarks ? ` (${s.remarks})` : ''}.`.slice(0, 500) : undefined),
              },
            },
          };
        }
        return {
          Program: {
            Amend: {
              '@printForm': 'true',
              PrgStartDate: m.reqDate(m.first(pl.programStartDate, p.programStartDate), 'Program start date', ON_RECORD),
              PrgEndDate: m.reqDate(m.first(pl.programEndDate, p.programEndDate), 'Program end date', ON_RECORD),
              Remarks: remarks,
              TippPhaseDates: programTippPhaseDates(m, { start, end }),
            },
          },
        };
      }
      default:
        m.problem(`Program action '${m.r.action}' is not one the exchange visitor batch takes (Extension, Shorten, Amend, Matriculate).`);
        return undefined;
    }
  },
};
