import { describe, expect, it } from 'vitest';
import {
  applyColumnMapping,
  checkLegacyScholarRow,
  distinctHeaders,
  LEGACY_MSG,
  LEGACY_SCHOLAR_COLUMNS,
  LEGACY_SCHOLAR_MSG,
  legacyCasePhase,
  legacyDateText,
  legacyScholarVisa,
  STUDENT_LEGACY_TARGETS,
  suggestColumnMapping,
} from './legacy-convert.js';
import { importDate } from './student-import.js';

// docs/product/convert-from-legacy.md: the matching of a legacy export's columns, its dates, and a scholar row.

describe('matching the columns', () => {
  it('tells repeated and empty header names apart so each column can be chosen', () => {
    expect(distinctHeaders(['Name', '', 'Name', ' Name '])).toEqual(['Name', 'Column 2', 'Name (2)', 'Name (3)']);
  });

  it('suggests each column from its key, label or a legacy name, each file column once', () => {
    const m = suggestColumnMapping(['SURNAME', 'Given Name', 'E-Mail', 'PGM_START', 'Program End Date', 'Notes'], STUDENT_LEGACY_TARGETS);
    expect(m).toMatchObject({
      last_name: 'SURNAME',
      first_name: 'Given Name',
      email: 'E-Mail',
      program_start_date: 'PGM_START',
      program_end_date: 'Program End Date',
    });
    expect(Object.values(m)).not.toContain('Notes');
  });

  it('reports a required column left out, a column the file lacks and a column used twice, on the Meridian field', () => {
    const header = ['Given', 'Family', 'Dept'];
    const { keys, issues } = applyColumnMapping(
      header,
      { first_name: 'Given', last_name: 'Given', department: 'Division' },
      LEGACY_SCHOLAR_COLUMNS,
    );
    expect(keys).toEqual(['first_name', '', '']);
    expect(issues).toEqual([
      { field: 'last_name', message: LEGACY_MSG.columnUsedTwice('Given') },
      { field: 'department', message: LEGACY_MSG.noSuchColumn('Division') },
      { field: 'visa_type', message: LEGACY_MSG.requiredField },
      { field: 'start_date', message: LEGACY_MSG.requiredField },
      { field: 'end_date', message: LEGACY_MSG.requiredField },
    ]);
  });
});

describe('dates as the legacy file writes them', () => {
  it('reads each format into MM/DD/YYYY without passing through a Date', () => {
    expect(legacyDateText('2028-02-29', 'YYYY-MM-DD')).toBe('02/29/2028');
    expect(legacyDateText('2028-2-9T00:00:00', 'YYYY-MM-DD')).toBe('02/09/2028');
    expect(legacyDateText('29/02/2028', 'DD/MM/YYYY')).toBe('02/29/2028');
    expect(legacyDateText('1.3.2027', 'DD.MM.YYYY')).toBe('03/01/2027');
    expect(legacyDateText('12/31/2026', 'MM/DD/YYYY')).toBe('12/31/2026');
  });

  it('leaves a value of another shape for the row check to refuse', () => {
    expect(legacyDateText('12/31/2026', 'YYYY-MM-DD')).toBe('12/31/2026');
    expect(legacyDateText('next week', 'DD/MM/YYYY')).toBe('next week');
  });

  // The Gregorian calendar: 29 February exists in 2028 and 2000 (divisible by 400), not in 2027 or 1900.
  it('keeps leap days of leap years only', () => {
    expect(importDate(legacyDateText('29/02/2028', 'DD/MM/YYYY'))).toBe('2028-02-29');
    expect(importDate(legacyDateText('2000-02-29', 'YYYY-MM-DD'))).toBe('2000-02-29');
    expect(importDate(legacyDateText('29/02/2027', 'DD/MM/YYYY'))).toBeNull();
    expect(importDate(legacyDateText('1900-02-29', 'YYYY-MM-DD'))).toBeNull();
  });
});

describe('a scholar row', () => {
  const ctx = {
    departments: new Map([
      ['phys', 'd-phys'],
      ['department of physics', 'd-phys'],
    ]),
    sites: new Map([['MAIN', 1]]),
    inReach: () => true,
    today: '2026-12-07',
    lookups: null,
  };
  const row = {
    first_name: 'Ana',
    last_name: 'Souza',
    department: 'Department of Physics',
    visa_type: 'h1b',
    start_date: '01/06/2025',
    end_date: '01/05/2028',
    campus_site: 'main',
  };

  it('becomes a record with its department, site and visa type read as Meridian keeps them', () => {
    const { record, issues } = checkLegacyScholarRow(row, 2, ctx);
    expect(issues).toEqual([]);
    expect(record).toMatchObject({ departmentId: 'd-phys', campusSiteId: 1, visa: 'H-1B', startDate: '2025-01-06', endDate: '2028-01-05' });
  });

  it('refuses an end on or before the start, a birth date after today, and a department outside the converter’s area', () => {
    expect(checkLegacyScholarRow({ ...row, end_date: '01/06/2025' }, 2, ctx).issues).toEqual([
      { row: 2, column: 'end_date', message: LEGACY_SCHOLAR_MSG.endBeforeStart },
    ]);
    expect(checkLegacyScholarRow({ ...row, birth_date: '12/08/2026' }, 2, ctx).issues).toEqual([
      { row: 2, column: 'birth_date', message: LEGACY_SCHOLAR_MSG.birthInFuture },
    ]);
    expect(checkLegacyScholarRow({ ...row, birth_date: '12/07/2026' }, 2, ctx).issues).toEqual([]);
    expect(checkLegacyScholarRow(row, 2, { ...ctx, inReach: () => false }).issues).toEqual([
      { row: 2, column: 'department', message: LEGACY_SCHOLAR_MSG.notYours },
    ]);
  });

  it('reads the visa types legacy systems write', () => {
    expect(['H-1B', 'H1B', 'o1', 'O-1A', 'J1', 'J-1', 'STEM OPT', 'F-1 OPT/STEM'].map(legacyScholarVisa)).toEqual([
      'H-1B',
      'H-1B',
      'O-1',
      'O-1',
      'J-1',
      'J-1',
      'F-1 OPT/STEM',
      'F-1 OPT/STEM',
    ]);
    expect(legacyScholarVisa('TN')).toBeNull();
    expect(legacyScholarVisa('F-1')).toBeNull();
  });

  it('closes a case whose end date has passed in the office’s today, and keeps one ending today active', () => {
    expect(legacyCasePhase('2026-12-06', '2026-12-07')).toEqual({ phase: 'closed', status: 'completed' });
    expect(legacyCasePhase('2026-12-07', '2026-12-07')).toEqual({ phase: 'active', status: 'approved' });
  });
});
