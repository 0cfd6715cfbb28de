import { describe, expect, it } from 'vitest';
import {
  CsvRowReader,
  J1_COHORT_COLUMNS,
  J1_COHORT_FILE_MSG,
  j1CohortCellValue,
  j1CohortHeader,
  j1CohortLookupChecks,
  j1CohortLookupIssues,
  j1CohortRowValues,
  j1CohortTemplateCsv,
} from './j1-cohort.js';
import { LOOKUP_MSG, lookupCheckerOf } from './lookup-values.js';
import { parseCsv } from './student-import.js';

/** Feeds the reader the text in pieces of `size` characters, as a stream would. */
function readInPieces(text: string, size: number): string[][] {
  const r = new CsvRowReader();
  const rows: string[][] = [];
  for (let i = 0; i < text.length; i += size) rows.push(...r.push(text.slice(i, i + size)));
  rows.push(...r.end());
  return rows;
}

describe('CsvRowReader (docs/product/students-records.md#j-1-cohort)', () => {
  const text =
    '\uFEFFlast_name,first_name,birth_city\r\n"Smith, Jr",Ann,"São\r\nPaulo"\r\n\r\n"He said ""hi""",Bo,Lima\rCR,Only,X\nLF,Last,"end"';

  it('reads quoted commas, doubled quotes, line breaks in quotes, CRLF / CR / LF, and keeps an empty line as an empty row', () => {
    expect(readInPieces(text, text.length)).toEqual([
      ['last_name', 'first_name', 'birth_city'],
      ['Smith, Jr', 'Ann', 'São\r\nPaulo'],
      [''],
      ['He said "hi"', 'Bo', 'Lima'],
      ['CR', 'Only', 'X'],
      ['LF', 'Last', 'end'],
    ]);
  });

  it('gives the same rows whatever the pieces: one character at a time, a CRLF or a doubled quote split across two pieces', () => {
    const whole = readInPieces(text, text.length);
    for (const size of [1, 2, 3, 5, 7, 64]) expect(readInPieces(text, size), `pieces of ${size}`).toEqual(whole);
  });

  it('reads what the batch upload reader reads, less the empty rows it drops', () => {
    const csv = 'a,b\r\n1,"x\ny"\r\n\r\n2,3\r\n';
    expect(readInPieces(csv, 1).filter((r) => !(r.length === 1 && r[0] === ''))).toEqual(parseCsv(csv));
  });

  it('a trailing line end adds no row; nothing read, no row', () => {
    expect(readInPieces('a,b\r\n', 1)).toEqual([['a', 'b']]);
    expect(readInPieces('', 1)).toEqual([]);
  });
});

describe('the participants file columns', () => {
  it('maps headers by key or label, ignoring case, spaces, hyphens and underscores', () => {
    const { fields, problems } = j1CohortHeader([
      'LAST NAME',
      'first_name',
      'E-mail',
      'BirthDate',
      'gender',
      'Birth city',
      'birth-country',
      'Citizenship country',
      'permanent_residence_country',
      '',
      'Program end date',
    ]);
    expect(problems).toEqual([]);
    expect(fields).toEqual([
      'lastName',
      'firstName',
      'email',
      'birthDate',
      'gender',
      'birthCity',
      'birthCountryCode',
      'citizenshipCountryCode',
      'permanentResidenceCountryCode',
      null,
      'programEndDate',
    ]);
  });

  it('says which required column is missing, and which are unknown or repeated', () => {
    const { problems } = j1CohortHeader(['last_name', 'first_name', 'Last Name', 'Notes']);
    expect(problems).toEqual([
      J1_COHORT_FILE_MSG.repeatedColumn('Last Name'),
      J1_COHORT_FILE_MSG.unknownColumn('Notes'),
      ...J1_COHORT_COLUMNS.filter((c) => c.isRequired && !['lastName', 'firstName'].includes(c.field)).map((c) =>
        J1_COHORT_FILE_MSG.missingColumn(c.label),
      ),
    ]);
  });

  it('reads cells as values: US or ISO dates to ISO, country codes and gender words upper case, anything unreadable as typed', () => {
    expect(j1CohortCellValue('birthDate', ' 4/2/2004 ')).toBe('2004-04-02');
    expect(j1CohortCellValue('birthDate', '2004-04-02')).toBe('2004-04-02');
    // Not a day: kept, so the check names it on its row.
    expect(j1CohortCellValue('birthDate', '02/30/2004')).toBe('02/30/2004');
    expect(j1CohortCellValue('programStartDate', '')).toBe('');
    expect(j1CohortCellValue('citizenshipCountryCode', 'jp')).toBe('JP');
    expect(j1CohortCellValue('gender', 'female')).toBe('F');
    expect(j1CohortCellValue('gender', 'm')).toBe('M');
    expect(j1CohortCellValue('gender', 'X')).toBe('X');
    expect(j1CohortCellValue('lastName', '  Tanaka ')).toBe('Tanaka');
  });

  it('the template reads back as its own header and an example row of valid values', () => {
    const rows = readInPieces(j1CohortTemplateCsv(), 4);
    expect(rows[0]).toEqual(J1_COHORT_COLUMNS.map((c) => c.key));
    const { fields, problems } = j1CohortHeader(rows[0]!);
    expect(problems).toEqual([]);
    expect(j1CohortRowValues(fields, rows[1]!)).toMatchObject({ lastName: 'Tanaka', birthDate: '2004-04-12', gender: 'F' });
  });
});

describe('the cohort’s codes against the office’s lists (docs/product/lookups.md#how-forms-use-the-lists)', () => {
  const body = {
    evCategoryCode: '1f',
    evPositionCode: '213',
    subjectFieldCode: '45.0601',
    site: { address: { state: 'IL' } },
    participants: [
      { birthCountryCode: 'JP', citizenshipCountryCode: 'JP', permanentResidenceCountryCode: 'JP' },
      { birthCountryCode: 'jp', citizenshipCountryCode: 'QQ', permanentResidenceCountryCode: '' },
    ],
  };
  const lists = lookupCheckerOf(
    {
      'ev-categories': [{ code: '1F', label: 'Student, non-degree', attributes: {}, activeUntil: '2026-01-01' }],
      'ev-positions': [{ code: '213', label: 'Position', attributes: {} }],
      'subject-fields': [{ code: '45.0601', label: 'Economics', attributes: { ev: 'Y' } }],
      'us-states': [{ code: 'IL', label: 'Illinois', attributes: {} }],
      'birth-countries': [{ code: 'JA', label: 'Japan', attributes: { iso: 'JP' } }],
      'citizenship-countries': [{ code: 'JA', label: 'Japan', attributes: { iso: 'JP' } }],
    },
    '2026-06-01',
  );

  it('names each list value once for the reader, a code given by many rows too', () => {
    const checks = j1CohortLookupChecks(body);
    // Four shared codes; JP once a list (citizenship and residence share one); QQ.
    expect(checks).toHaveLength(7);
    expect(checks.filter((c) => c.ref.key === 'birth-countries')).toEqual([{ ref: { key: 'birth-countries', by: 'iso' }, value: 'JP' }]);
  });

  it('says on each field what the lists refuse: retired, not on the list (the field’s own message when it has one)', () => {
    expect(j1CohortLookupIssues(body, lists)).toEqual({
      evCategoryCode: LOOKUP_MSG.retired,
      'participants.1.citizenshipCountryCode': LOOKUP_MSG.notInList,
    });
    expect(j1CohortLookupIssues({ ...body, evPositionCode: '999' }, lists, { evPositionCode: 'Own' })).toMatchObject({
      evPositionCode: 'Own',
    });
    // Without the lists nothing is said: the other side decides.
    expect(j1CohortLookupIssues(body, () => undefined)).toEqual({});
    expect(j1CohortLookupChecks(null)).toEqual([]);
  });
});
