// The active-student import (docs/product/active-student-import.md): the campus student information system's
// enrolment feed, one row per active student, as a file (CSV / XLSX, header in any order) or as JSON rows pushed
// by the campus. The columns, how a header is read, and the check of each row with its message on the cell.
// Shared by the server (which decides) and the browser (which shows the columns and the template).
import { EDUCATION_LEVELS } from '../catalog/students.js';
import { FEED_EMAIL, feedDate, feedFile, squashFeedName as squash, type TFeedIssue } from './feed-file.js';
import { sevisNameIssue } from './sevis-entry-rules.js';

/** The largest feed: a file of this many student rows under its header, or as many JSON rows. */
export const ACTIVE_IMPORT_MAX_ROWS = 100_000;
/** The largest file (a feed of 100 000 rows is about 12 MB as CSV). */
export const ACTIVE_IMPORT_MAX_BYTES = 25 * 1024 * 1024;
/** The largest JSON body the campus may push (100 000 rows with every field). */
export const ACTIVE_IMPORT_MAX_JSON_BYTES = 40 * 1024 * 1024;

/** What the SIS says of the student's enrolment this term, with the words a feed may use for each. */
export const ENROLLMENT_STATUSES = [
  { code: 'full_time', label: 'Full-time', words: ['full-time', 'full time', 'fulltime', 'ft', 'f'] },
  { code: 'part_time', label: 'Part-time', words: ['part-time', 'part time', 'parttime', 'pt', 'p'] },
  { code: 'not_enrolled', label: 'Not enrolled', words: ['not enrolled', 'not-enrolled', 'unenrolled', 'ne', 'n'] },
  { code: 'leave', label: 'Leave of absence', words: ['leave', 'leave of absence', 'loa', 'l'] },
  { code: 'withdrawn', label: 'Withdrawn', words: ['withdrawn', 'withdrew', 'wd', 'w'] },
  { code: 'graduated', label: 'Graduated', words: ['graduated', 'completed', 'grad', 'g'] },
] as const;
export type TEnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number]['code'];
export const ENROLLMENT_STATUS_CODES = ENROLLMENT_STATUSES.map((s) => s.code) as [TEnrollmentStatus, ...TEnrollmentStatus[]];

/** The label of an enrolment status code ('' for none, the code itself when unknown). */
export function enrollmentStatusLabel(code: string | null | undefined): string {
  if (!code) return '';
  return ENROLLMENT_STATUSES.find((s) => s.code === code)?.label ?? code;
}

/**
 * The feed's columns, in template order. `field` is the column's name in the JSON push and in the API's
 * comparison; a file's header may use the key, the label or an alias, in any case, spaces, dashes or
 * underscores. Every column is optional except that each row needs a SEVIS ID or a campus ID to be matched.
 */
export const ACTIVE_IMPORT_COLUMNS = [
  {
    key: 'sevis_id',
    field: 'sevisId',
    label: 'SEVIS ID',
    example: 'N0012345678',
    help: 'N followed by 10 digits. Rows are matched to student records by SEVIS ID first.',
    aliases: ['sevis', 'sevis number', 'sevis no'],
  },
  {
    key: 'campus_id',
    field: 'campusId',
    label: 'Campus ID',
    example: 'S1234567',
    help: "The school's student number, up to 30 letters, digits, '-' or '_'. Used to match a row without a SEVIS ID (or whose SEVIS ID no record has).",
    aliases: ['student id', 'student number', 'student no', 'emplid', 'university id'],
  },
  {
    key: 'last_name',
    field: 'lastName',
    label: 'Family name',
    example: 'Tanaka',
    help: 'As in the passport, up to 60 characters.',
    aliases: ['last name', 'surname', 'family name'],
  },
  {
    key: 'first_name',
    field: 'firstName',
    label: 'Given name',
    example: 'Aiko',
    help: 'As in the passport, up to 60 characters.',
    aliases: ['first name', 'given name', 'given names'],
  },
  {
    key: 'middle_name',
    field: 'middleName',
    label: 'Middle name',
    example: '',
    help: 'Up to 60 characters.',
    aliases: ['middle name', 'middle names'],
  },
  {
    key: 'email',
    field: 'email',
    label: 'E-mail',
    example: 'aiko.tanaka@example.edu',
    help: 'Up to 65 characters.',
    aliases: ['e-mail', 'email address', 'e-mail address', 'campus email'],
  },
  {
    key: 'campus_site',
    field: 'campusSite',
    label: 'Campus site',
    example: 'MAIN',
    help: 'The code of one of the office’s campus sites (Configuration › Campus Sites).',
    aliases: ['campus', 'site', 'campus code', 'site code'],
  },
  {
    key: 'major',
    field: 'major',
    label: 'Major (CIP code)',
    example: '11.0701',
    help: 'The program’s CIP code, NN.NNNN.',
    aliases: ['major cip', 'cip', 'cip code', 'program', 'program cip', 'major1'],
  },
  {
    key: 'education_level',
    field: 'educationLevel',
    label: 'Education level',
    example: '05',
    help: `SEVIS code or name: ${EDUCATION_LEVELS.filter((l) => l.f1)
      .map((l) => `${l.code} ${l.label}`)
      .join(', ')}.`,
    aliases: ['level', 'degree level', 'academic level'],
  },
  {
    key: 'enrollment_status',
    field: 'enrollmentStatus',
    label: 'Enrollment status',
    example: 'Full-time',
    help: `This term: ${ENROLLMENT_STATUSES.map((s) => s.label).join(', ')} (or FT, PT, NE, LOA, WD).`,
    aliases: ['enrolment status', 'enrollment', 'enrolment', 'term status'],
  },
  {
    key: 'credits',
    field: 'credits',
    label: 'Credits',
    example: '12',
    help: 'Credits enrolled this term, 0 to 99.99.',
    aliases: ['credit hours', 'units', 'enrolled credits', 'term credits'],
  },
  {
    key: 'expected_completion_date',
    field: 'expectedCompletionDate',
    label: 'Expected completion date',
    example: '05/15/2028',
    help: 'MM/DD/YYYY (or YYYY-MM-DD): the program end date on the student record.',
    aliases: ['expected completion', 'expected graduation date', 'expected graduation', 'program end date', 'completion date'],
  },
] as const;

export type TActiveImportField = (typeof ACTIVE_IMPORT_COLUMNS)[number]['field'];
export const ACTIVE_IMPORT_FIELDS = ACTIVE_IMPORT_COLUMNS.map((c) => c.field) as [TActiveImportField, ...TActiveImportField[]];
/** The fields compared with the record (the SEVIS ID matches a row; it is never changed by the import). */
export const ACTIVE_IMPORT_COMPARED_FIELDS = ACTIVE_IMPORT_FIELDS.filter((f) => f !== 'sevisId');

/** A field's label ("Expected completion date"). */
export function activeImportFieldLabel(field: string): string {
  return ACTIVE_IMPORT_COLUMNS.find((c) => c.field === field)?.label ?? field;
}

export const ACTIVE_IMPORT_MSG = {
  noKeyColumn: 'The header needs a SEVIS ID or a Campus ID column: rows are matched to student records by them.',
  repeatedColumn: 'This column appears twice in the header.',
  noRows: 'The file has no student rows under its header.',
  tooManyRows: `The feed has more than ${ACTIVE_IMPORT_MAX_ROWS.toLocaleString('en-US')} student rows; split it by campus site.`,
  noKey: 'Give the SEVIS ID or the campus ID: the row cannot be matched without one.',
  sevisId: 'Enter N followed by 10 digits.',
  campusId: "Use up to 30 letters, digits, '-' or '_'.",
  name: 'Use at most 60 characters.',
  email: 'Enter an e-mail address of at most 65 characters, e.g. aiko@example.edu.',
  site: 'Not the code of one of the office’s campus sites.',
  major: 'Enter a CIP code as NN.NNNN, e.g. 11.0701.',
  educationLevel: `Enter an education level code or name: ${EDUCATION_LEVELS.map((l) => l.code).join(', ')}.`,
  enrollmentStatus: `Enter one of: ${ENROLLMENT_STATUSES.map((s) => s.label).join(', ')}.`,
  credits: 'Enter a number of credits from 0 to 99.99, e.g. 12 or 7.5.',
  date: 'Enter a date as MM/DD/YYYY (or YYYY-MM-DD).',
  sameSevisId: (row: number) => `Same SEVIS ID as row ${row} of this feed.`,
  sameCampusId: (row: number) => `Same campus ID as row ${row} of this feed.`,
} as const;

/** One problem on one cell of the feed: its row (a file's row number, the header being 1; a JSON row's position from 1) and its field. */
export type TActiveImportIssue = TFeedIssue<TActiveImportField>;

const FEED_FILE = feedFile(ACTIVE_IMPORT_COLUMNS, {
  repeatedColumn: ACTIVE_IMPORT_MSG.repeatedColumn,
  noKeyColumn: ACTIVE_IMPORT_MSG.noKeyColumn,
  hasKey: (seen) => seen.has('sevisId') || seen.has('campusId'),
  label: activeImportFieldLabel,
});

/**
 * Reads a file's header (row 1): the field each column holds (null for a column the feed does not use: it
 * is listed as ignored), and the header's problems (a repeated column; neither SEVIS ID nor campus ID).
 */
export function mapActiveImportHeader(header: string[]): {
  fields: (TActiveImportField | null)[];
  ignored: string[];
  issues: TActiveImportIssue[];
} {
  return FEED_FILE.mapHeader(header);
}

/** A checked feed row: each field normalised, null where the feed gave nothing (the record's value then stays). */
export interface TActiveImportRow {
  sevisId: string | null;
  campusId: string | null;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  email: string | null;
  /** The campus site code, upper case. */
  campusSite: string | null;
  major: string | null;
  educationLevel: string | null;
  enrollmentStatus: TEnrollmentStatus | null;
  credits: number | null;
  /** ISO date. */
  expectedCompletionDate: string | null;
}

const EDUCATION = new Map<string, string>();
for (const l of EDUCATION_LEVELS) {
  EDUCATION.set(l.code, l.code);
  EDUCATION.set(String(Number(l.code)), l.code);
  EDUCATION.set(squash(l.label), l.code);
}
const STATUS = new Map<string, TEnrollmentStatus>();
for (const s of ENROLLMENT_STATUSES) for (const w of [s.code, s.label, ...s.words]) STATUS.set(squash(w), s.code);

/**
 * Checks one feed row (cells by field, as text). `sites` holds the office's campus site codes (upper
 * case). A cell the row cannot be stored with is an issue on that cell; `notes` are values that are fine
 * to read but that SEVIS would not take on the record (a name with characters other than letters and
 * spaces): the comparison shows them and does not apply that row.
 */
export function checkActiveImportRow(
  cells: Partial<Record<TActiveImportField, string>>,
  rowNo: number,
  sites: ReadonlySet<string>,
): { row: TActiveImportRow | null; issues: TActiveImportIssue[]; notes: Partial<Record<TActiveImportField, string>> } {
  const issues: TActiveImportIssue[] = [];
  const notes: Partial<Record<TActiveImportField, string>> = {};
  const v = (f: TActiveImportField) => (cells[f] ?? '').trim();
  const fail = (field: TActiveImportField, message: string) => issues.push({ row: rowNo, field, message });
  const orNull = (s: string) => (s === '' ? null : s);

  const sevisId = v('sevisId').toUpperCase();
  if (sevisId && !/^N\d{10}$/.test(sevisId)) fail('sevisId', ACTIVE_IMPORT_MSG.sevisId);
  const campusId = v('campusId');
  if (campusId && !/^[A-Za-z0-9_-]{1,30}$/.test(campusId)) fail('campusId', ACTIVE_IMPORT_MSG.campusId);
  if (!sevisId && !campusId) fail(cells.sevisId !== undefined ? 'sevisId' : 'campusId', ACTIVE_IMPORT_MSG.noKey);
  for (const f of ['lastName', 'firstName', 'middleName'] as const) {
    if (v(f).length > 60) fail(f, ACTIVE_IMPORT_MSG.name);
    else {
      const why = sevisNameIssue(v(f));
      if (why) notes[f] = why;
    }
  }
  const email = v('email');
  if (email && (email.length > 65 || !FEED_EMAIL.test(email))) fail('email', ACTIVE_IMPORT_MSG.email);
  const site = v('campusSite').toUpperCase();
  if (site && !sites.has(site)) fail('campusSite', ACTIVE_IMPORT_MSG.site);
  const major = v('major');
  if (major && !/^\d{2}\.\d{4}$/.test(major)) fail('major', ACTIVE_IMPORT_MSG.major);
  const levelText = v('educationLevel');
  const level = levelText ? (EDUCATION.get(levelText) ?? EDUCATION.get(squash(levelText))) : undefined;
  if (levelText && !level) fail('educationLevel', ACTIVE_IMPORT_MSG.educationLevel);
  const statusText = v('enrollmentStatus');
  const status = statusText ? STATUS.get(squash(statusText)) : undefined;
  if (statusText && !status) fail('enrollmentStatus', ACTIVE_IMPORT_MSG.enrollmentStatus);
  const creditsText = v('credits');
  let credits: number | null = null;
  if (creditsText) {
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(creditsText)) fail('credits', ACTIVE_IMPORT_MSG.credits);
    else credits = Number(creditsText);
  }
  const dateText = v('expectedCompletionDate');
  const date = dateText ? feedDate(dateText) : null;
  if (dateText && !date) fail('expectedCompletionDate', ACTIVE_IMPORT_MSG.date);
  if (issues.length) return { row: null, issues, notes };
  return {
    issues,
    notes,
    row: {
      sevisId: orNull(sevisId),
      campusId: orNull(campusId),
      lastName: orNull(v('lastName')),
      firstName: orNull(v('firstName')),
      middleName: orNull(v('middleName')),
      email: orNull(email),
      campusSite: orNull(site),
      major: orNull(major),
      educationLevel: level ?? null,
      enrollmentStatus: status ?? null,
      credits,
      expectedCompletionDate: date,
    },
  };
}

/** Rows that repeat the SEVIS ID or the campus ID of an earlier row of the feed (one issue per row, on the first that repeats). */
export function findActiveImportDuplicates(rows: { rowNo: number; row: TActiveImportRow }[]): TActiveImportIssue[] {
  const issues: TActiveImportIssue[] = [];
  const sevis = new Map<string, number>();
  const campus = new Map<string, number>();
  for (const { rowNo, row } of rows) {
    const bySevis = row.sevisId ? sevis.get(row.sevisId) : undefined;
    const byCampus = row.campusId ? campus.get(row.campusId) : undefined;
    if (bySevis !== undefined) issues.push({ row: rowNo, field: 'sevisId', message: ACTIVE_IMPORT_MSG.sameSevisId(bySevis) });
    else if (byCampus !== undefined) issues.push({ row: rowNo, field: 'campusId', message: ACTIVE_IMPORT_MSG.sameCampusId(byCampus) });
    if (row.sevisId && bySevis === undefined) sevis.set(row.sevisId, rowNo);
    if (row.campusId && byCampus === undefined) campus.set(row.campusId, rowNo);
  }
  return issues;
}

/** "Row 12, Expected completion date: Enter a date …": an issue as one line of a file's error list. */
export function describeActiveImportIssue(i: TActiveImportIssue): string {
  return FEED_FILE.describeIssue(i);
}

/** The template a campus fills: the header and one example row (CSV). */
export function activeImportTemplateCsv(): string {
  return FEED_FILE.templateCsv();
}
