import { describe, expect, it } from 'vitest';
import {
  ACTIVE_IMPORT_MSG,
  activeImportTemplateCsv,
  checkActiveImportRow,
  describeActiveImportIssue,
  findActiveImportDuplicates,
  mapActiveImportHeader,
} from './active-student-import.js';
import { SEVIS_RULE_MSG } from './sevis-entry-rules.js';

const SITES = new Set(['MAIN', 'MED']);

describe('mapActiveImportHeader (docs/product/active-student-import.md#the-feed)', () => {
  it('reads keys, labels and aliases in any order, case, spacing or punctuation, and lists what it ignores', () => {
    const { fields, ignored, issues } = mapActiveImportHeader([
      'Expected Graduation Date',
      ' sevis_id ',
      'FAMILY-NAME',
      'E-mail',
      'Enrolment Status',
      'Advisor',
      '',
      'Student ID',
    ]);
    expect(fields).toEqual(['expectedCompletionDate', 'sevisId', 'lastName', 'email', 'enrollmentStatus', null, null, 'campusId']);
    expect(ignored).toEqual(['Advisor']);
    expect(issues).toEqual([]);
  });

  it('needs a SEVIS ID or campus ID column, and each column once', () => {
    expect(mapActiveImportHeader(['Family name', 'Given name']).issues).toEqual([
      { row: 1, field: '_header', message: ACTIVE_IMPORT_MSG.noKeyColumn },
    ]);
    expect(mapActiveImportHeader(['Campus ID', 'Student number']).issues).toEqual([
      { row: 1, field: 'campusId', message: ACTIVE_IMPORT_MSG.repeatedColumn },
    ]);
  });
});

describe('checkActiveImportRow', () => {
  it('normalises each value: codes upper case, levels and statuses by name or code, dates in both forms, credits as a number', () => {
    const { row, issues } = checkActiveImportRow(
      {
        sevisId: 'n0012345678',
        campusSite: 'main',
        educationLevel: "Master's",
        enrollmentStatus: 'full time',
        credits: '7.5',
        expectedCompletionDate: '5/1/2028',
        email: 'aiko@example.edu',
      },
      2,
      SITES,
    );
    expect(issues).toEqual([]);
    expect(row).toMatchObject({
      sevisId: 'N0012345678',
      campusId: null,
      campusSite: 'MAIN',
      educationLevel: '05',
      enrollmentStatus: 'full_time',
      credits: 7.5,
      expectedCompletionDate: '2028-05-01',
      lastName: null,
    });
    expect(
      checkActiveImportRow({ campusId: 'S-1', educationLevel: '6', expectedCompletionDate: '2028-12-31' }, 3, SITES).row,
    ).toMatchObject({
      educationLevel: '06',
      expectedCompletionDate: '2028-12-31',
    });
  });

  it('puts each problem on its cell', () => {
    const { row, issues } = checkActiveImportRow(
      {
        sevisId: 'N12',
        campusId: 'has space',
        email: 'not-an-email',
        campusSite: 'NOWHERE',
        major: '11',
        educationLevel: 'PhD-ish',
        enrollmentStatus: 'sometimes',
        credits: '120',
        expectedCompletionDate: '2028-02-30',
      },
      7,
      SITES,
    );
    expect(row).toBeNull();
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ['sevisId', ACTIVE_IMPORT_MSG.sevisId],
      ['campusId', ACTIVE_IMPORT_MSG.campusId],
      ['email', ACTIVE_IMPORT_MSG.email],
      ['campusSite', ACTIVE_IMPORT_MSG.site],
      ['major', ACTIVE_IMPORT_MSG.major],
      ['educationLevel', ACTIVE_IMPORT_MSG.educationLevel],
      ['enrollmentStatus', ACTIVE_IMPORT_MSG.enrollmentStatus],
      ['credits', ACTIVE_IMPORT_MSG.credits],
      ['expectedCompletionDate', ACTIVE_IMPORT_MSG.date],
    ]);
    expect(issues.every((i) => i.row === 7)).toBe(true);
    expect(describeActiveImportIssue(issues[8]!)).toBe(`Row 7, Expected completion date: ${ACTIVE_IMPORT_MSG.date}`);
  });

  it('needs a SEVIS ID or campus ID on every row, and notes names SEVIS would not take without refusing them', () => {
    expect(checkActiveImportRow({ lastName: 'Tanaka' }, 4, SITES).issues).toEqual([
      { row: 4, field: 'campusId', message: ACTIVE_IMPORT_MSG.noKey },
    ]);
    const named = checkActiveImportRow({ campusId: 'S1', lastName: "O'Neil-Smith" }, 5, SITES);
    expect(named.row?.lastName).toBe("O'Neil-Smith");
    expect(named.notes).toEqual({ lastName: SEVIS_RULE_MSG.nameCharacters });
  });
});

describe('findActiveImportDuplicates', () => {
  it('refuses a SEVIS ID or campus ID given on two rows, naming the first', () => {
    const row = (sevisId: string | null, campusId: string | null) =>
      checkActiveImportRow({ ...(sevisId ? { sevisId } : {}), ...(campusId ? { campusId } : {}) }, 0, SITES).row!;
    expect(
      findActiveImportDuplicates([
        { rowNo: 2, row: row('N0000000001', 'A') },
        { rowNo: 3, row: row('N0000000001', 'B') },
        { rowNo: 4, row: row(null, 'A') },
        { rowNo: 5, row: row('N0000000002', 'C') },
      ]),
    ).toEqual([
      { row: 3, field: 'sevisId', message: 'Same SEVIS ID as row 2 of this feed.' },
      { row: 4, field: 'campusId', message: 'Same campus ID as row 2 of this feed.' },
    ]);
  });
});

describe('activeImportTemplateCsv', () => {
  it('is a header the import reads back, with an example row', () => {
    const [header, example] = activeImportTemplateCsv().trim().split('\r\n');
    const mapped = mapActiveImportHeader(header!.split(','));
    expect(mapped.issues).toEqual([]);
    expect(mapped.fields.every(Boolean)).toBe(true);
    expect(example!.split(',')[0]).toBe('N0012345678');
  });
});
