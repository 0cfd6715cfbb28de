// A cohort of J-1 exchange visitors created at once (docs/product/students-records.md#j-1-cohort): the
// participant columns of the upload file and its template, how a cell becomes a participant's value, and
// a CSV reader fed piece by piece (the server reads uploads as a stream and stops at the row limit).
// Shared by the server (which reads files and decides) and the browser (template, column help).
import { isCalendarDate } from './dates.js';
import { lookupIssue, type TLookupChecker, type TLookupRef } from './lookup-values.js';
import { importDate, normalizeHeader } from './student-import.js';

/** At most this many participants in one cohort: the form, the file and the endpoint refuse more. */
export const J1_COHORT_MAX_PARTICIPANTS = 500;
/** The largest participants file accepted (CSV or XLSX); 500 rows fit many times over. */
export const J1_COHORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The participant fields a row holds (names as on the student record). */
export const J1_COHORT_PARTICIPANT_FIELDS = [
  'lastName',
  'firstName',
  'middleName',
  'email',
  'birthDate',
  'gender',
  'birthCity',
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
  'programStartDate',
  'programEndDate',
] as const;
export type TJ1CohortParticipantField = (typeof J1_COHORT_PARTICIPANT_FIELDS)[number];

export interface TJ1CohortColumn {
  /** The header in the template (header names ignore case, spaces, hyphens and underscores). */
  key: string;
  field: TJ1CohortParticipantField;
  label: string;
  isRequired: boolean;
  example: string;
  help: string;
}

/** The columns of the participants file, in template order. */
export const J1_COHORT_COLUMNS: readonly TJ1CohortColumn[] = [
  {
    key: 'last_name',
    field: 'lastName',
    label: 'Last name',
    isRequired: true,
    example: 'Tanaka',
    help: 'As in the passport: letters A to Z and single spaces (SEVIS S2244).',
  },
  { key: 'first_name', field: 'firstName', label: 'First name', isRequired: true, example: 'Aiko', help: 'As in the passport.' },
  { key: 'middle_name', field: 'middleName', label: 'Middle name', isRequired: false, example: '', help: 'As in the passport.' },
  { key: 'email', field: 'email', label: 'E-mail', isRequired: true, example: 'aiko.tanaka@example.org', help: 'Up to 65 characters.' },
  { key: 'birth_date', field: 'birthDate', label: 'Birth date', isRequired: true, example: '04/12/2004', help: 'MM/DD/YYYY.' },
  {
    key: 'gender',
    field: 'gender',
    label: 'Gender',
    isRequired: true,
    example: 'F',
    help: 'M or F (SEVIS Table 36 has no other gender for an exchange visitor).',
  },
  { key: 'birth_city', field: 'birthCity', label: 'Birth city', isRequired: true, example: 'Osaka', help: 'Up to 60 characters.' },
  {
    key: 'birth_country',
    field: 'birthCountryCode',
    label: 'Birth country',
    isRequired: true,
    example: 'JP',
    help: 'Two-letter country code, e.g. JP.',
  },
  {
    key: 'citizenship_country',
    field: 'citizenshipCountryCode',
    label: 'Citizenship country',
    isRequired: true,
    example: 'JP',
    help: 'Two-letter country code; not US (SEVIS S1058).',
  },
  {
    key: 'permanent_residence_country',
    field: 'permanentResidenceCountryCode',
    label: 'Permanent residence country',
    isRequired: true,
    example: 'JP',
    help: 'Two-letter country code.',
  },
  {
    key: 'program_start_date',
    field: 'programStartDate',
    label: 'Program start date',
    isRequired: false,
    example: '',
    help: "MM/DD/YYYY; empty: the cohort's program start.",
  },
  {
    key: 'program_end_date',
    field: 'programEndDate',
    label: 'Program end date',
    isRequired: false,
    example: '',
    help: "MM/DD/YYYY; empty: the cohort's program end.",
  },
];

export const J1_COHORT_FILE_MSG = {
  type: 'Upload a CSV file (.csv) or an Excel workbook (.xlsx); the content of this file does not match its name.',
  unreadable: 'The workbook could not be read. Save it again as .xlsx or as CSV (UTF-8) and upload it again.',
  noSheet: 'The workbook has no worksheet.',
  empty: 'The file has no participant rows under the header.',
  tooManyRows: `The file has more than ${J1_COHORT_MAX_PARTICIPANTS} participant rows; a cohort takes at most ${J1_COHORT_MAX_PARTICIPANTS}: split the file.`,
  missingColumn: (label: string) => `The header has no "${label}" column; download the template to see the columns.`,
  unknownColumn: (header: string) => `Unknown column "${header}"; remove it or rename it as in the template.`,
  repeatedColumn: (header: string) => `The column "${header}" appears twice in the header.`,
  tooLarge: `The file is larger than ${J1_COHORT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  required: 'Choose a CSV or XLSX file to upload.',
} as const;

const squash = (s: string) => normalizeHeader(s).replace(/_/g, '');
const COLUMN_BY_HEADER = new Map<string, TJ1CohortColumn>(
  J1_COHORT_COLUMNS.flatMap((c) => [
    [squash(c.key), c],
    [squash(c.label), c],
  ]),
);

/**
 * The header row as participant fields (null for an empty header cell), or what is wrong with it:
 * a required column missing, an unknown or repeated one. 'Last name', 'last_name' and 'LASTNAME' are alike.
 */
export function j1CohortHeader(header: readonly string[]): { fields: (TJ1CohortParticipantField | null)[]; problems: string[] } {
  const problems: string[] = [];
  const seen = new Set<TJ1CohortParticipantField>();
  const fields = header.map((h) => {
    if (!h.trim()) return null;
    const c = COLUMN_BY_HEADER.get(squash(h));
    if (!c) {
      problems.push(J1_COHORT_FILE_MSG.unknownColumn(h.trim()));
      return null;
    }
    if (seen.has(c.field)) {
      problems.push(J1_COHORT_FILE_MSG.repeatedColumn(h.trim()));
      return null;
    }
    seen.add(c.field);
    return c.field;
  });
  for (const c of J1_COHORT_COLUMNS) if (c.isRequired && !seen.has(c.field)) problems.push(J1_COHORT_FILE_MSG.missingColumn(c.label));
  return { fields, problems };
}

const DATE_FIELDS: ReadonlySet<TJ1CohortParticipantField> = new Set(['birthDate', 'programStartDate', 'programEndDate']);
const CODE_FIELDS: ReadonlySet<TJ1CohortParticipantField> = new Set([
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
]);
const GENDER_WORDS: Record<string, string> = { M: 'M', MALE: 'M', F: 'F', FEMALE: 'F' };

/**
 * A cell as the participant's value: dates MM/DD/YYYY (or YYYY-MM-DD) as YYYY-MM-DD, country codes and
 * gender (Male/Female too) upper case. A value that cannot be read is kept as typed, so the check names
 * it on its row and the officer sees what the file said.
 */
export function j1CohortCellValue(field: TJ1CohortParticipantField, cell: string): string {
  const v = cell.trim();
  if (!v) return '';
  if (DATE_FIELDS.has(field)) return isCalendarDate(v) ? v : (importDate(v) ?? v);
  if (CODE_FIELDS.has(field)) return v.toUpperCase();
  if (field === 'gender') return GENDER_WORDS[v.toUpperCase()] ?? v;
  return v;
}

/** One participant row of a file: its values by field, and its row number in the file (the header is 1). */
export interface TJ1CohortFileRow {
  rowNo: number;
  values: Record<TJ1CohortParticipantField, string>;
}

/** A data row's cells under the header's fields. */
export function j1CohortRowValues(
  fields: readonly (TJ1CohortParticipantField | null)[],
  cells: readonly string[],
): Record<TJ1CohortParticipantField, string> {
  const values = Object.fromEntries(J1_COHORT_PARTICIPANT_FIELDS.map((f) => [f, ''])) as Record<TJ1CohortParticipantField, string>;
  fields.forEach((f, i) => {
    if (f) values[f] = j1CohortCellValue(f, cells[i] ?? '');
  });
  return values;
}

/**
 * The cohort's codes that come from the office's code lists (docs/product/lookups.md#how-forms-use-the-lists):
 * what the participants share, by its place in the cohort, and each participant's countries (ISO codes). The
 * server checks them against the lists offered today, read once for the whole cohort (j1CohortLookupChecks,
 * then j1CohortLookupIssues); the contract checks only their shape.
 */
export const J1_COHORT_SHARED_LOOKUPS: readonly { path: string; ref: TLookupRef }[] = [
  { path: 'evCategoryCode', ref: { key: 'ev-categories' } },
  { path: 'evPositionCode', ref: { key: 'ev-positions' } },
  { path: 'subjectFieldCode', ref: { key: 'subject-fields', where: { ev: 'Y' } } },
  { path: 'site.address.state', ref: { key: 'us-states' } },
];
export const J1_COHORT_PARTICIPANT_LOOKUPS: Partial<Record<TJ1CohortParticipantField, TLookupRef>> = {
  birthCountryCode: { key: 'birth-countries', by: 'iso' },
  citizenshipCountryCode: { key: 'citizenship-countries', by: 'iso' },
  permanentResidenceCountryCode: { key: 'citizenship-countries', by: 'iso' },
};

const isEntry = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const codeAt = (v: unknown, path: string): string => {
  const found = path.split('.').reduce<unknown>((at, k) => (isEntry(at) ? at[k] : undefined), v);
  return typeof found === 'string' ? found.trim().toUpperCase() : '';
};

/** Each list code a cohort as sent gives, with its field's place (`participants.3.birthCountryCode`). */
function cohortLookupValues(body: unknown): { path: string; ref: TLookupRef; value: string }[] {
  const out: { path: string; ref: TLookupRef; value: string }[] = [];
  for (const { path, ref } of J1_COHORT_SHARED_LOOKUPS) {
    const value = codeAt(body, path);
    if (value) out.push({ path, ref, value });
  }
  const participants = isEntry(body) && Array.isArray(body.participants) ? body.participants : [];
  participants.slice(0, J1_COHORT_MAX_PARTICIPANTS).forEach((row, i) => {
    for (const [field, ref] of Object.entries(J1_COHORT_PARTICIPANT_LOOKUPS) as [TJ1CohortParticipantField, TLookupRef][]) {
      const value = codeAt(row, field);
      if (value) out.push({ path: `participants.${i}.${field}`, ref, value });
    }
  });
  return out;
}

/** Each list value a cohort gives, once, for the server's reader of the lists (one read per list for the whole cohort). */
export function j1CohortLookupChecks(body: unknown): { ref: TLookupRef; value: string }[] {
  const out = new Map<string, { ref: TLookupRef; value: string }>();
  for (const { ref, value } of cohortLookupValues(body)) out.set(`${JSON.stringify(ref)}|${value}`, { ref, value });
  return [...out.values()];
}

/**
 * What the lists say of a cohort's codes, by field place: a code the office has retired "no longer offered",
 * one the list does not have the field's own message when `ownMessages` gives one (as the batch upload names
 * its columns), else the lists' "Choose one of the values listed.". A new record is made of every row, so a
 * retired code is refused wherever it is given.
 */
export function j1CohortLookupIssues(
  body: unknown,
  lookups: TLookupChecker,
  ownMessages: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, ref, value } of cohortLookupValues(body)) {
    const status = lookups(ref, value);
    const issue = lookupIssue(status);
    if (!issue) continue;
    const own = ownMessages[path.replace(/^participants\.\d+\./, '')];
    out[path] = status === 'unknown' && own ? own : issue;
  }
  return out;
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The template: the header and one example row, CRLF line ends (as Excel writes CSV). */
export function j1CohortTemplateCsv(): string {
  return [J1_COHORT_COLUMNS.map((c) => c.key), J1_COHORT_COLUMNS.map((c) => c.example)]
    .map((r) => r.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/**
 * A CSV reader (RFC 4180) fed text piece by piece, as a stream delivers it: `push` answers the rows
 * completed so far, `end` the last one. A leading BOM is dropped; quoted fields may hold commas, doubled
 * quotes and line breaks, also across pieces; lines end in CRLF, LF or CR. A wholly empty line is a row of one
 * empty cell (the caller skips it and still counts it, so rows keep the numbers a spreadsheet shows).
 * Only the row being read is held, so the caller can stop at its row limit without reading the rest.
 */
export class CsvRowReader {
  private row: string[] = [];
  private field = '';
  private inQuotes = false;
  /** A quote seen inside a quoted field at the end of a piece: a doubled quote or the closing one. */
  private quotePending = false;
  /** A CR ended the last piece: an LF starting the next one belongs to it. */
  private crPending = false;
  private started = false;

  push(text: string): string[][] {
    const out: string[][] = [];
    let s = text;
    if (!this.started && s.length) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    for (let i = 0; i < s.length; i += 1) {
      const c = s[i]!;
      if (this.crPending) {
        this.crPending = false;
        if (c === '\n') continue;
      }
      if (this.quotePending) {
        this.quotePending = false;
        if (c === '"') {
          this.field += '"';
          continue;
        }
        this.inQuotes = false;
      }
      if (this.inQuotes) {
        if (c === '"') this.quotePending = true;
        else this.field += c;
        continue;
      }
      if (c === '"' && this.field === '') this.inQuotes = true;
      else if (c === ',') {
        this.row.push(this.field);
        this.field = '';
      } else if (c === '\r' || c === '\n') {
        this.endRow(out);
        if (c === '\r') this.crPending = true;
      } else this.field += c;
    }
    return out;
  }

  end(): string[][] {
    const out: string[][] = [];
    if (this.field !== '' || this.row.length > 0) this.endRow(out);
    return out;
  }

  private endRow(out: string[][]) {
    this.row.push(this.field);
    this.field = '';
    out.push(this.row);
    this.row = [];
  }
}
