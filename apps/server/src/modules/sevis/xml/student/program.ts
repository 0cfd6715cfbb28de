import { textOf } from '@meridian/domain';
import { IN_EVENT, ON_RECORD, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { educationLevel } from './common.js';

const program = (m: RecordMapper, v: unknown, field: string, blankOk: boolean) => {
  const s = textOf(v).trim();
  if (!s) return undefined;
  if (s === '90.0101' || (blankOk && s === '00.0000')) return s;
  return m.code(s, 'ProgSubjectCodeType', field, ON_RECORD);
};

/**
 * Program: Extension (new end date with the reason, SEVIS's Explanation), Shorten, Edit (level and
 * majors: our 'Amend'), ManageSessionDates (new start and end).
 */
export const studentProgram: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    const p = m.p;
    const remarks = m.opt(pl.remarks)?.slice(0, 500);
    switch (m.r.action) {
      case 'Extension': {
        const end = m.reqDate(m.first(pl.programEndDate, p.programEndDate), 'New program end date', ON_RECORD);
        const why = m.req(m.first(pl.reason, pl.explanation), 'The reason for the extension', IN_EVENT);
        return { Program: { Extension: { '@printForm': 'true', NewPrgEndDate: end, Remarks: remarks, Explanation: why?.slice(0, 500) } } };
      }
      case 'Shorten':
        return {
          Program: {
            Shorten: {
              '@printForm': 'true',
              NewPrgEndDate: m.reqDate(m.first(pl.programEndDate, p.programEndDate), 'New program end date', ON_RECORD),
              Remarks: remarks,
            },
          },
        };
      case 'ManageSessionDates':
        return {
          Program: {
            ManageSessionDates: {
              '@printForm': 'true',
              IssDate: m.optDate(p.documentIssueDate) ?? m.today,
              NewPrgStartDate: m.reqDate(m.first(pl.programStartDate, p.programStartDate), 'Program start date', ON_RECORD),
              NewPrgEndDate: m.reqDate(m.first(pl.programEndDate, p.programEndDate), 'Program end date', ON_RECORD),
              Remarks: remarks,
            },
          },
        };
      case 'Amend':
      case 'Edit': {
        const major1 = program(m, m.first(pl.major1Code, p.major1Code), 'Major (CIP code)', false);
        if (!major1) m.missing('Major (CIP code)', ON_RECORD);
        return {
          Program: {
            Edit: {
              '@printForm': 'true',
              Level: educationLevel(m, m.first(pl.educationLevel, p.educationLevel), false),
              MajorCode1: major1,
              MajorCode2: program(m, m.first(pl.major2Code, p.major2Code), 'Second major', true),
              Minor: program(m, m.first(pl.minorCode, p.minorCode), 'Minor', true),
              Remarks: remarks,
            },
          },
        };
      }
      default:
        m.problem(`Program action '${m.r.action}' is not one the SEVIS batch takes (Extension, Shorten, Edit, ManageSessionDates).`);
        return undefined;
    }
  },
};
