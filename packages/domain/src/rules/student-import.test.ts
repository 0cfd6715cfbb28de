import { describe, expect, it } from 'vitest';
import {
  checkImportHeader,
  checkImportRow,
  findDuplicatesInFile,
  IMPORT_COLUMN_KEYS,
  IMPORT_MSG,
  importTemplateCsv,
  parseCsv,
  type TImportColumn,
} from './student-import.js';
import { lookupCheckerOf, LOOKUP_MSG } from './lookup-values.js';
import { MSG_FOREIGN_PHONE_CODE } from './student-record-values.js';

const SITES = new Map([['MAIN', 1]]);
const TODAY = '2026-11-22';
const good: Partial<Record<TImportColumn, string>> = {
  first_name: 'Aiko',
  last_name: 'Tanaka',
  email: 'aiko@example.com',
  birth_date: '04/12/2003',
  citizenship: 'jp',
  visa_type: 'f-1',
  campus_site: 'main',
  program_start_date: '8/20/2026',
  program_end_date: '05/15/2028',
  sevis_id: '',
  campus_id: 'S1',
  education_level: '3',
  major1: '11.0701',
  gender: 'f',
};

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, drops the BOM, and accepts CRLF, LF and CR', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","line1\nline2"\n1,,3\r4,5,6\n\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'line1\nline2'],
      ['1', '', '3'],
      ['4', '5', '6'],
    ]);
  });
  it('keeps a last line without a newline and empty trailing fields', () => {
    expect(parseCsv('a,b\n1,')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
  });
  it('reads its own template back', () => {
    const rows = parseCsv(importTemplateCsv());
    expect(rows[0]).toEqual(IMPORT_COLUMN_KEYS);
    expect(rows).toHaveLength(2);
  });
});

describe('checkImportHeader', () => {
  it('matches names whatever the case and spaces, and reports missing, unknown and repeated columns on row 1', () => {
    const { columns, issues } = checkImportHeader(['First Name', 'last_name', 'EMAIL', 'Shoe size', 'email']);
    expect(columns.slice(0, 3)).toEqual(['first_name', 'last_name', 'email']);
    expect(issues).toContainEqual({ row: 1, column: 'Shoe size', message: IMPORT_MSG.unknownColumn });
    expect(issues).toContainEqual({ row: 1, column: 'email', message: IMPORT_MSG.repeatedColumn });
    expect(issues).toContainEqual({ row: 1, column: 'birth_date', message: IMPORT_MSG.missingColumn });
  });
});

describe('checkImportRow', () => {
  it('accepts a good row and normalises it', () => {
    const { record, issues } = checkImportRow(good, 2, SITES, TODAY);
    expect(issues).toEqual([]);
    expect(record).toMatchObject({
      birthDate: '2003-04-12',
      programStartDate: '2026-08-20',
      citizenship: 'JP',
      visaType: 'F-1',
      campusSiteId: 1,
      educationLevel: '03',
      gender: 'F',
      sevisId: null,
    });
  });
  it('puts each message on its cell', () => {
    const { record, issues } = checkImportRow(
      {
        ...good,
        first_name: '',
        email: 'not-mail',
        birth_date: '1999-04-12',
        citizenship: 'XX',
        visa_type: 'H-1B',
        campus_site: 'MED',
        program_start_date: '05/15/2028',
        program_end_date: '05/15/2028',
        sevis_id: 'N123',
        education_level: '42',
        major1: 'CS',
        gender: 'X',
      },
      7,
      SITES,
      TODAY,
    );
    expect(record).toBeNull();
    const at = Object.fromEntries(issues.map((i) => [i.column, i.message]));
    expect(issues.every((i) => i.row === 7)).toBe(true);
    expect(at).toEqual({
      first_name: 'Required field',
      email: 'Invalid email',
      birth_date: IMPORT_MSG.date,
      citizenship: IMPORT_MSG.country,
      visa_type: IMPORT_MSG.visaType,
      campus_site: IMPORT_MSG.site,
      program_end_date: IMPORT_MSG.endBeforeStart,
      sevis_id: IMPORT_MSG.sevisId,
      education_level: IMPORT_MSG.educationLevel,
      major1: IMPORT_MSG.major,
      gender: IMPORT_MSG.gender,
    });
  });
  it("reads the gender from the office's list; an exchange visitor's row takes M or F only (SEVIS Table 36)", () => {
    const genders = [
      { code: 'M', label: 'Male', attributes: { ev: 'Y' } },
      { code: 'F', label: 'Female', attributes: { ev: 'Y' }, activeUntil: '2026-01-01' },
      { code: 'U', label: 'Unknown', attributes: { ev: 'N' } },
    ];
    const lookups = lookupCheckerOf({ genders }, TODAY);
    const gender = (g: string, visa: string, withLists = true) =>
      checkImportRow({ ...good, visa_type: visa, gender: g }, 2, SITES, TODAY, withLists ? lookups : null).issues;
    expect(gender('u', 'F-1')).toEqual([]);
    expect(gender('U', 'J-1')).toEqual([{ row: 2, column: 'gender', message: IMPORT_MSG.evGender }]);
    expect(gender('F', 'F-1')).toEqual([{ row: 2, column: 'gender', message: LOOKUP_MSG.retired }]);
    expect(gender('X', 'F-1')).toEqual([{ row: 2, column: 'gender', message: IMPORT_MSG.gender }]);
    // Without the lists: SEVIS's codes.
    expect(gender('F', 'F-1', false)).toEqual([]);
    expect(gender('U', 'J-1', false)).toEqual([{ row: 2, column: 'gender', message: IMPORT_MSG.evGender }]);
  });
  it('refuses impossible dates and dates out of bounds', () => {
    for (const d of ['02/30/2020', '13/01/2020', '12/31/1752']) {
      expect(checkImportRow({ ...good, birth_date: d }, 2, SITES, TODAY).issues).toEqual([
        { row: 2, column: 'birth_date', message: IMPORT_MSG.date },
      ]);
    }
    expect(checkImportRow({ ...good, birth_date: '01/01/2030' }, 2, SITES, TODAY).issues[0]!.message).toBe(IMPORT_MSG.birthInFuture);
  });
});

describe('findDuplicatesInFile', () => {
  it('reports a later row that repeats an earlier one by SEVIS id, campus id, e-mail or names and birth date', () => {
    const rec = (row: number, o: Partial<Record<TImportColumn, string>>) => ({
      row,
      record: checkImportRow({ ...good, ...o }, row, SITES, TODAY).record!,
    });
    const issues = findDuplicatesInFile([
      rec(2, { email: 'a@x.org', campus_id: 'A1', sevis_id: 'N0000000001' }),
      rec(3, { email: 'b@x.org', campus_id: 'B1', sevis_id: 'N0000000001', first_name: 'B' }),
      rec(4, { email: 'c@x.org', campus_id: 'a1', first_name: 'C' }),
      rec(5, { email: 'A@X.org', campus_id: 'D1', first_name: 'D' }),
      rec(6, { email: 'e@x.org', campus_id: 'E1', first_name: 'aiko' }),
      rec(7, { email: 'f@x.org', campus_id: 'F1', first_name: 'F' }),
    ]);
    expect(issues).toEqual([
      { row: 3, column: 'sevis_id', message: 'Same SEVIS ID as row 2 of this file.' },
      { row: 4, column: 'campus_id', message: 'Same campus ID as row 2 of this file.' },
      { row: 5, column: 'email', message: 'Same e-mail as row 2 of this file.' },
      { row: 6, column: 'last_name', message: 'Same names and birth date as row 2 of this file.' },
    ]);
  });
});

describe('the columns SEVIS needs to create a record', () => {
  it('the template has a column for each field of the Create the batch build checks', () => {
    // The F-1 Create (CreateStudent): phone (SEVIS S1164), birth country, foreign address, English
    // proficiency, academic term, expenses and funding; the J-1 Create (CreateEV): birth city, permanent
    // residence, category, position, subject field, U.S. government funds and a site of activity.
    for (const key of [
      'phone',
      'foreign_phone',
      'birth_city',
      'birth_country',
      'permanent_residence_country',
      'foreign_address_line1',
      'foreign_country',
      'english_required',
      'english_requirements_met',
      'english_not_required_reason',
      'academic_term_months',
      'tuition',
      'living_expenses',
      'personal_funds',
      'ev_category_code',
      'ev_position_code',
      'subject_field_code',
      'received_us_govt_funds',
      'site_of_activity_name',
      'site_of_activity_address',
      'site_of_activity_zip',
    ])
      expect(IMPORT_COLUMN_KEYS).toContain(key);
    expect(parseCsv(importTemplateCsv())[0]).toEqual(IMPORT_COLUMN_KEYS);
  });

  it('keeps punctuated numbers whole and reads Y/N, dollars and months as a spreadsheet writes them', () => {
    const { record, issues } = checkImportRow(
      {
        ...good,
        phone: '+1 (217) 555-0199',
        foreign_phone_country_code: '+81',
        foreign_phone: '3-1234-5678',
        foreign_address_line1: '1-2-3 Umeda',
        foreign_country: 'jp',
        english_required: 'yes',
        english_requirements_met: 'Y',
        academic_term_months: '9',
        tuition: '$38,000',
        living_expenses: '16000.00',
        personal_funds: '54,000',
        school_funds: '5000',
        school_funds_remarks: 'Merit scholarship',
      },
      2,
      SITES,
      TODAY,
    );
    expect(issues).toEqual([]);
    expect(record!.details).toMatchObject({
      phone: '2175550199',
      foreignPhoneCountryCode: '81',
      foreignPhone: '312345678',
      foreignAddress: { line1: '1-2-3 Umeda', countryCode: 'JP' },
      englishRequired: true,
      englishRequirementsMet: true,
      academicTermMonths: 9,
      financials: { tuition: 38000, living: 16000, personalFunds: 54000, schoolFunds: 5000, schoolFundsRemarks: 'Merit scholarship' },
      siteOfActivity: null,
    });
  });

  it('puts a badly written SEVIS value on its cell (never cut or guessed)', () => {
    const { record, issues } = checkImportRow(
      {
        ...good,
        phone: '217-555-019',
        foreign_phone_country_code: '12345',
        birth_country: 'Japan',
        us_state: 'Illinois',
        us_zip: '6182',
        english_required: 'maybe',
        academic_term_months: '13',
        tuition: 'thirty thousand',
        ev_category_code: '9Z',
        ev_position_code: '1',
        site_of_activity_zip: 'ABCDE',
      },
      5,
      SITES,
      TODAY,
    );
    expect(record).toBeNull();
    const on = (column: string) => issues.filter((i) => i.column === column).map((i) => i.message);
    expect(on('phone')).toEqual([IMPORT_MSG.usPhone]);
    expect(on('foreign_phone_country_code')).toEqual([IMPORT_MSG.callingCode]);
    expect(on('birth_country')).toEqual([IMPORT_MSG.country]);
    expect(on('us_state')).toEqual([IMPORT_MSG.state]);
    expect(on('us_zip')).toEqual([IMPORT_MSG.zip]);
    expect(on('english_required')).toEqual([IMPORT_MSG.yesNo]);
    expect(on('academic_term_months')).toEqual([IMPORT_MSG.months]);
    expect(on('tuition')).toEqual([IMPORT_MSG.dollars]);
    expect(on('ev_category_code')).toEqual([IMPORT_MSG.evCategory]);
    expect(on('ev_position_code')).toEqual([IMPORT_MSG.evPosition]);
    expect(on('site_of_activity_zip')).toEqual([IMPORT_MSG.zip]);
    expect(issues.every((i) => i.row === 5)).toBe(true);
  });

  it("holds a row to the record's own rules: a foreign phone needs its calling code; amounts up to what the record takes", () => {
    const on = (o: Partial<Record<TImportColumn, string>>, column: TImportColumn) =>
      checkImportRow({ ...good, ...o }, 2, SITES, TODAY)
        .issues.filter((i) => i.column === column)
        .map((i) => i.message);
    expect(on({ foreign_phone: '3-1234-5678' }, 'foreign_phone_country_code')).toEqual([MSG_FOREIGN_PHONE_CODE]);
    expect(on({ foreign_phone: '3-1234-5678', foreign_phone_country_code: '81' }, 'foreign_phone_country_code')).toEqual([]);
    expect(on({ tuition: '9,999,999' }, 'tuition')).toEqual([]);
    expect(on({ tuition: '10,000,000' }, 'tuition')).toEqual([IMPORT_MSG.dollars]);
  });

  it('academic term boundaries: 1 and 12 months are taken, 0 and 13 are not', () => {
    for (const [months, ok] of [
      ['0', false],
      ['1', true],
      ['12', true],
      ['13', false],
    ] as const)
      expect(checkImportRow({ ...good, academic_term_months: months }, 2, SITES, TODAY).issues.length === 0).toBe(ok);
  });
});
