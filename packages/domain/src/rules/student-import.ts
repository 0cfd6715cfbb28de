// The batch upload of student records (docs/product/students-intake.md#batch-upload): the file's columns, a
// CSV reader, the check of every row with its message on the cell, and duplicate keys. Shared by the server
// (which decides) and the browser (which shows the template and the columns).
import { EDUCATION_LEVELS, STUDENT_VISA_TYPES } from '../catalog/students.js';
import { isValidUsDate } from './completeness.js';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20000;

export interface TImportColumnSpec {
  key: string;
  label: string;
  isRequired: boolean;
  example: string;
  help: string;
}

/** The columns of the upload file, in template order (header names are case- and space-insensitive). */
export const IMPORT_COLUMNS = [
  {
    key: 'first_name',
    label: 'First name',
    isRequired: true,
    example: 'Aiko',
    help: 'Given name as in the passport, up to 40 characters.',
  },
  { key: 'last_name', label: 'Last name', isRequired: true, example: 'Tanaka', help: 'Surname as in the passport, up to 40 characters.' },
  {
    key: 'email',
    label: 'E-mail',
    isRequired: true,
    example: 'aiko.tanaka@example.com',
    help: 'Becomes the portal user name when the student is invited.',
  },
  { key: 'birth_date', label: 'Birth date', isRequired: true, example: '04/12/2003', help: 'MM/DD/YYYY.' },
  {
    key: 'citizenship',
    label: 'Citizenship',
    isRequired: true,
    example: 'JP',
    help: 'Two-letter country code (ISO 3166), e.g. IN, CN, BR.',
  },
  { key: 'visa_type', label: 'Visa type', isRequired: true, example: 'F-1', help: 'F-1 or J-1.' },
  { key: 'campus_site', label: 'Campus site', isRequired: true, example: 'MAIN', help: 'The code of a campus site you work for.' },
  { key: 'program_start_date', label: 'Program start date', isRequired: true, example: '08/20/2026', help: 'MM/DD/YYYY.' },
  {
    key: 'program_end_date',
    label: 'Program end date',
    isRequired: true,
    example: '05/15/2028',
    help: 'MM/DD/YYYY, after the start date.',
  },
  {
    key: 'sevis_id',
    label: 'SEVIS ID',
    isRequired: false,
    example: '',
    help: 'N followed by 10 digits; leave empty for a new SEVIS record (a Create event is queued).',
  },
  {
    key: 'campus_id',
    label: 'Campus ID',
    isRequired: false,
    example: 'S1234567',
    help: "The school's student number, up to 30 letters, digits, '-' or '_'.",
  },
  {
    key: 'education_level',
    label: 'Education level',
    isRequired: false,
    example: '03',
    help: `SEVIS code: ${EDUCATION_LEVELS.map((l) => `${l.code} ${l.label}`).join(', ')}.`,
  },
  { key: 'major1', label: 'Major', isRequired: false, example: '11.0701', help: 'CIP code NN.NNNN.' },
  { key: 'gender', label: 'Gender', isRequired: false, example: 'F', help: 'M, F or U (unknown).' },
] as const satisfies readonly TImportColumnSpec[];

export type TImportColumn = (typeof IMPORT_COLUMNS)[number]['key'];
export const IMPORT_COLUMN_KEYS = IMPORT_COLUMNS.map<TImportColumn>((c) => c.key);

/** One problem, on one cell: the file row (the header is row 1), the column and the message. */
export interface TImportIssue {
  row: number;
  column: string;
  message: string;
}

export const IMPORT_MSG = {
  required: 'Required field',
  empty: 'The file has no student rows under the header.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS} student rows; split it into several files.`,
  missingColumn: 'This column is missing from the header; download the template to see the columns.',
  unknownColumn: 'Unknown column; remove it or rename it as in the template.',
  repeatedColumn: 'This column appears twice in the header.',
  name: 'Use at most 40 characters.',
  email: 'Invalid email',
  date: 'Enter a date as MM/DD/YYYY (01/01/1753 to 12/31/9999).',
  country: 'Enter a two-letter country code, e.g. IN.',
  visaType: 'Enter F-1 or J-1.',
  site: 'Unknown campus site code, or a site you do not work for.',
  endBeforeStart: 'The program end date must be after the program start date.',
  sevisId: 'Enter N followed by 10 digits.',
  campusId: "Use up to 30 letters, digits, '-' or '_'.",
  educationLevel: `Enter an education level code: ${EDUCATION_LEVELS.map((l) => l.code).join(', ')}.`,
  major: 'Enter a CIP code as NN.NNNN, e.g. 11.0701.',
  gender: 'Enter M, F or U.',
  birthInFuture: 'The birth date cannot be in the future.',
} as const;

/** ISO 3166-1 alpha-2 codes (plus XK, Kosovo, which SEVIS lists). */
const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM ' +
    'CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
    'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML ' +
    'MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB ' +
    'SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF ' +
    'WS XK YE YT ZA ZM ZW'
  ).split(' '),
);
const EDUCATION_CODES = new Set<string>(EDUCATION_LEVELS.map((l) => l.code));

/**
 * Reads CSV text (RFC 4180): a leading BOM is dropped; fields may be quoted, and quoted fields may
 * hold commas, doubled quotes and line breaks; lines end in CRLF, LF or CR. Wholly empty lines are
 * skipped, so a trailing newline adds no row.
 */
export function parseCsv(text: string): string[][] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (i < s.length) {
    const c = s[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') {
      inQuotes = true;
      i += 1;
      continue;
    }
    if (c === ',') {
      row.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (c === '\r') {
      endRow();
      i += s[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (c === '\n') {
      endRow();
      i += 1;
      continue;
    }
    field += c;
    i += 1;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** A header cell as a column key: 'Birth Date ' → 'birth_date'. */
export function normalizeHeader(h: string): string {
  return h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Maps the header to column keys and reports missing, unknown and repeated columns (row 1). */
export function checkImportHeader(header: string[]): { columns: (TImportColumn | null)[]; issues: TImportIssue[] } {
  const issues: TImportIssue[] = [];
  const seen = new Set<string>();
  const known = new Set<string>(IMPORT_COLUMN_KEYS);
  const columns = header.map((h) => {
    const key = normalizeHeader(h);
    if (key === '') return null;
    if (!known.has(key)) {
      issues.push({ row: 1, column: h.trim(), message: IMPORT_MSG.unknownColumn });
      return null;
    }
    if (seen.has(key)) {
      issues.push({ row: 1, column: key, message: IMPORT_MSG.repeatedColumn });
      return null;
    }
    seen.add(key);
    return key as TImportColumn;
  });
  for (const c of IMPORT_COLUMNS)
    if (c.isRequired && !seen.has(c.key)) issues.push({ row: 1, column: c.key, message: IMPORT_MSG.missingColumn });
  return { columns, issues };
}

/** A checked row, ready to become a student record (dates ISO, codes upper case). */
export interface TImportRecord {
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string;
  citizenship: string;
  visaType: 'F-1' | 'J-1';
  campusSiteId: number;
  programStartDate: string;
  programEndDate: string;
  sevisId: string | null;
  campusId: string | null;
  educationLevel: string;
  major1: string;
  gender: string;
}

const US_DATE_LOOSE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** MM/DD/YYYY (one-digit month or day accepted, as spreadsheets write them) → ISO, or null. */
export function importDate(v: string): string | null {
  const m = US_DATE_LOOSE.exec(v.trim());
  if (!m) return null;
  const us = `${m[1]!.padStart(2, '0')}/${m[2]!.padStart(2, '0')}/${m[3]}`;
  if (!isValidUsDate(us)) return null;
  return `${m[3]}-${us.slice(0, 2)}-${us.slice(3, 5)}`;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/**
 * Checks one row. `sites` maps the campus site codes the uploader reaches (upper case) to their ids;
 * `today` is an ISO date. Returns the record when the row has no error.
 */
export function checkImportRow(
  values: Partial<Record<TImportColumn, string>>,
  rowNo: number,
  sites: ReadonlyMap<string, number>,
  today: string,
): { record: TImportRecord | null; issues: TImportIssue[] } {
  const issues: TImportIssue[] = [];
  const v = (k: TImportColumn) => (values[k] ?? '').trim();
  const fail = (column: TImportColumn, message: string) => {
    issues.push({ row: rowNo, column, message });
  };
  for (const c of IMPORT_COLUMNS) if (c.isRequired && v(c.key) === '') fail(c.key, IMPORT_MSG.required);
  const name = (k: 'first_name' | 'last_name') => {
    if (v(k).length > 40) fail(k, IMPORT_MSG.name);
  };
  name('first_name');
  name('last_name');
  const email = v('email');
  if (email && (email.length > 254 || !EMAIL.test(email))) fail('email', IMPORT_MSG.email);
  const dateOf = (k: 'birth_date' | 'program_start_date' | 'program_end_date') => {
    if (!v(k)) return null;
    const iso = importDate(v(k));
    if (!iso) fail(k, IMPORT_MSG.date);
    return iso;
  };
  const birth = dateOf('birth_date');
  if (birth && birth > today) fail('birth_date', IMPORT_MSG.birthInFuture);
  const start = dateOf('program_start_date');
  const end = dateOf('program_end_date');
  if (start && end && end <= start) fail('program_end_date', IMPORT_MSG.endBeforeStart);
  const citizenship = v('citizenship').toUpperCase();
  if (citizenship && !COUNTRIES.has(citizenship)) fail('citizenship', IMPORT_MSG.country);
  const visa = v('visa_type').toUpperCase();
  if (visa && !(STUDENT_VISA_TYPES as readonly string[]).includes(visa)) fail('visa_type', IMPORT_MSG.visaType);
  const siteId = sites.get(v('campus_site').toUpperCase());
  if (v('campus_site') && siteId === undefined) fail('campus_site', IMPORT_MSG.site);
  const sevisId = v('sevis_id').toUpperCase();
  if (sevisId && !/^N\d{10}$/.test(sevisId)) fail('sevis_id', IMPORT_MSG.sevisId);
  const campusId = v('campus_id');
  if (campusId && !/^[A-Za-z0-9_-]{1,30}$/.test(campusId)) fail('campus_id', IMPORT_MSG.campusId);
  const level = v('education_level');
  const levelCode = /^\d$/.test(level) ? `0${level}` : level;
  if (level && !EDUCATION_CODES.has(levelCode)) fail('education_level', IMPORT_MSG.educationLevel);
  const major = v('major1');
  if (major && !/^\d{2}\.\d{4}$/.test(major)) fail('major1', IMPORT_MSG.major);
  const gender = v('gender').toUpperCase();
  if (gender && !['M', 'F', 'U'].includes(gender)) fail('gender', IMPORT_MSG.gender);
  if (issues.length) return { record: null, issues };
  return {
    issues,
    record: {
      firstName: v('first_name'),
      lastName: v('last_name'),
      email,
      birthDate: birth!,
      citizenship,
      visaType: visa as 'F-1' | 'J-1',
      campusSiteId: siteId!,
      programStartDate: start!,
      programEndDate: end!,
      sevisId: sevisId || null,
      campusId: campusId || null,
      educationLevel: level ? levelCode : '',
      major1: major,
      gender,
    },
  };
}

/** The keys that make two students the same person: SEVIS id, campus id, e-mail, or names + birth date. */
export const DUPLICATE_KEYS = [
  { kind: 'sevis', column: 'sevis_id', label: 'SEVIS ID' },
  { kind: 'campus', column: 'campus_id', label: 'campus ID' },
  { kind: 'email', column: 'email', label: 'e-mail' },
  { kind: 'person', column: 'last_name', label: 'names and birth date' },
] as const;
export type TDuplicateKind = (typeof DUPLICATE_KEYS)[number]['kind'];

/** The duplicate keys of a record, normalised for comparison. */
export function duplicateKeysOf(
  r: Pick<TImportRecord, 'sevisId' | 'campusId' | 'email' | 'firstName' | 'lastName' | 'birthDate'>,
): Partial<Record<TDuplicateKind, string>> {
  const keys: Partial<Record<TDuplicateKind, string>> = {
    email: r.email.trim().toLowerCase(),
    person: `${r.firstName.trim().toLowerCase()}|${r.lastName.trim().toLowerCase()}|${r.birthDate}`,
  };
  if (r.sevisId) keys.sevis = r.sevisId.toUpperCase();
  if (r.campusId) keys.campus = r.campusId.toLowerCase();
  return keys;
}

/** Rows that repeat an earlier row of the same file (each reported once, on the first key that matches). */
export function findDuplicatesInFile(records: { row: number; record: TImportRecord }[]): TImportIssue[] {
  const issues: TImportIssue[] = [];
  const firstSeen: Record<TDuplicateKind, Map<string, number>> = {
    sevis: new Map(),
    campus: new Map(),
    email: new Map(),
    person: new Map(),
  };
  for (const { row, record } of records) {
    const keys = duplicateKeysOf(record);
    let reported = false;
    for (const d of DUPLICATE_KEYS) {
      const k = keys[d.kind];
      if (k === undefined) continue;
      const earlier = firstSeen[d.kind].get(k);
      if (earlier !== undefined && !reported) {
        issues.push({ row, column: d.column, message: `Same ${d.label} as row ${earlier} of this file.` });
        reported = true;
      }
      if (earlier === undefined) firstSeen[d.kind].set(k, row);
    }
  }
  return issues;
}

/** The message for a row that matches a student record already in the portal. */
export function existingDuplicateMessage(kind: TDuplicateKind): string {
  const label = DUPLICATE_KEYS.find((d) => d.kind === kind)!.label;
  return `A student record with the same ${label} already exists.`;
}

/** The template file: the header and one example row, as CSV. */
export function importTemplateCsv(): string {
  const line = (cells: string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
  return `${line(IMPORT_COLUMN_KEYS)}\r\n${line(IMPORT_COLUMNS.map((c) => c.example))}\r\n`;
}
