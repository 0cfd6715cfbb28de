import { z } from 'zod';
import type { TLookupChecker, TLookupRef } from './lookup-values.js';
import { LOOKUP_MSG } from './lookup-values.js';
import { IMPORT_COLUMNS, importDate, normalizeHeader } from './student-import.js';

/**
 * Convert from Legacy (docs/product/convert-from-legacy.md): a legacy system's export of student or scholar
 * records, whose columns the office matches to Meridian's in the page, checked whole into a preview and then
 * created all at once or not at all.
 */

/** A column Meridian reads, as the matching step shows it. */
export interface TLegacyTarget {
  key: string;
  label: string;
  isRequired: boolean;
  help: string;
  /** Other header names a legacy export often gives this column (normalised as headers are). */
  aliases?: readonly string[];
}

/** What the matching step sends: for each Meridian column, the file's header it is read from. */
export const ZColumnMapping = z
  .record(z.string().min(1).max(60), z.string().max(200))
  .refine((m) => Object.keys(m).length <= 80, { message: 'Match at most 80 columns.' });
export type TColumnMapping = z.infer<typeof ZColumnMapping>;

/** What a file holds, for the matching step: its header, a few rows, how many rows, a first matching. */
export const ZLegacyFileColumns = z.object({
  fileName: z.string(),
  headers: z.array(z.string()),
  /** The first rows (at most 5), a cell per header. */
  sample: z.array(z.array(z.string())),
  /** Rows under the header (counted up to the limit plus one). */
  rowCount: z.number().int(),
  suggested: ZColumnMapping,
});
export type TLegacyFileColumns = z.infer<typeof ZLegacyFileColumns>;

/** How the legacy export writes its dates. */
export const LEGACY_DATE_FORMATS = ['MM/DD/YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY', 'DD.MM.YYYY'] as const;
export type TLegacyDateFormat = (typeof LEGACY_DATE_FORMATS)[number];
export const ZLegacyDateFormat = z.enum(LEGACY_DATE_FORMATS);

export const LEGACY_MSG = {
  fileRequired: 'Choose the legacy system’s export (CSV or XLSX).',
  noSuchColumn: (header: string) => `The file has no column “${header}”. Choose one of the file’s columns.`,
  columnUsedTwice: (header: string) => `The column “${header}” is already matched to another field.`,
  unknownField: 'Unknown field: it is not one Meridian reads.',
  requiredField: 'Match this field to a column of the file: Meridian needs it.',
  mapping: 'The column matching could not be read; match the columns again.',
  dateFormat: `Choose how the file writes dates: ${LEGACY_DATE_FORMATS.join(', ')}.`,
  refused: (n: number) =>
    `Nothing was converted: ${n === 1 ? 'a row has a problem' : `${n.toLocaleString('en-US')} problems in the rows`}. Correct the file or the matching and check it again.`,
} as const;

/** The header with its repeated or empty names told apart, so each column can be chosen: "Name", "Name (2)". */
export function distinctHeaders(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/**
 * A first matching: each Meridian column to the file's header whose name, normalised (case, spaces and
 * dashes ignored), is its key, its label or one of its aliases. Each header serves one column at most.
 */
export function suggestColumnMapping(headers: readonly string[], targets: readonly TLegacyTarget[]): TColumnMapping {
  const byName = new Map<string, string>();
  for (const h of headers) {
    const n = normalizeHeader(h).replace(/[^a-z0-9]+/g, '_');
    if (n && !byName.has(n)) byName.set(n, h);
  }
  const used = new Set<string>();
  const out: TColumnMapping = {};
  for (const t of targets) {
    const names = [t.key, t.label, ...(t.aliases ?? [])].map((n) => normalizeHeader(n).replace(/[^a-z0-9]+/g, '_'));
    const hit = names.map((n) => byName.get(n)).find((h) => h !== undefined && !used.has(h));
    if (hit !== undefined) {
      out[t.key] = hit;
      used.add(hit);
    }
  }
  return out;
}

/** A problem of the matching, on the Meridian column it names. */
export interface TMappingIssue {
  field: string;
  message: string;
}

/**
 * Checks a matching against the file's header (distinctHeaders) and the columns Meridian reads: every
 * required column matched, each to a column the file has, no column used twice. Returns, for each column of
 * the file, the Meridian key it feeds ('' when none).
 */
export function applyColumnMapping(
  header: readonly string[],
  mapping: TColumnMapping,
  targets: readonly TLegacyTarget[],
): { keys: string[]; issues: TMappingIssue[] } {
  const names = distinctHeaders(header);
  const issues: TMappingIssue[] = [];
  const known = new Set(targets.map((t) => t.key));
  const keys = names.map(() => '');
  const taken = new Map<string, string>();
  for (const [field, source] of Object.entries(mapping)) {
    if (!source) continue;
    if (!known.has(field)) {
      issues.push({ field, message: LEGACY_MSG.unknownField });
      continue;
    }
    const at = names.indexOf(source);
    if (at < 0) issues.push({ field, message: LEGACY_MSG.noSuchColumn(source) });
    else if (taken.has(source)) issues.push({ field, message: LEGACY_MSG.columnUsedTwice(source) });
    else {
      taken.set(source, field);
      keys[at] = field;
    }
  }
  for (const t of targets) if (t.isRequired && !mapping[t.key]) issues.push({ field: t.key, message: LEGACY_MSG.requiredField });
  return { keys, issues };
}

/**
 * A date as the legacy file writes it, as MM/DD/YYYY (what Meridian's checks read); a value that does not
 * read in that format is left as it is, so the row's check reports it on its column.
 */
export function legacyDateText(value: string, format: TLegacyDateFormat): string {
  const v = value.trim();
  if (!v || format === 'MM/DD/YYYY') return v;
  const parts =
    format === 'YYYY-MM-DD'
      ? /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v)
      : format === 'DD/MM/YYYY'
        ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v)
        : /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v);
  if (!parts) return v;
  const [y, m, d] = format === 'YYYY-MM-DD' ? [parts[1]!, parts[2]!, parts[3]!] : [parts[3]!, parts[2]!, parts[1]!];
  return `${m.padStart(2, '0')}/${d.padStart(2, '0')}/${y}`;
}

/** Other names legacy exports give the batch upload's columns. */
const STUDENT_ALIASES: Partial<Record<string, readonly string[]>> = {
  first_name: ['given_name', 'fname', 'first'],
  last_name: ['family_name', 'surname', 'lname', 'last'],
  email: ['email_address', 'e_mail', 'email_addr'],
  birth_date: ['dob', 'date_of_birth', 'birthdate'],
  citizenship: ['country_of_citizenship', 'citizenship_country', 'ctzn'],
  visa_type: ['visa', 'immigration_status', 'visa_status'],
  campus_site: ['site'],
  program_start_date: ['start_date', 'program_start', 'pgm_start'],
  program_end_date: ['end_date', 'program_end', 'pgm_end'],
  sevis_id: ['sevis', 'sevis_number'],
  campus_id: ['student_id', 'emplid', 'university_id'],
  major1: ['major', 'cip', 'major_cip'],
};

/** The students' columns of Convert from Legacy: the batch upload's, matched from the legacy file's own names. */
export const STUDENT_LEGACY_TARGETS: readonly TLegacyTarget[] = IMPORT_COLUMNS.map((c) => ({
  key: c.key,
  label: c.label,
  isRequired: c.isRequired,
  help: c.help,
  aliases: STUDENT_ALIASES[c.key] ?? [],
}));

/** The columns of the batch upload that hold dates, turned from the file's date format to MM/DD/YYYY. */
export function isLegacyDateColumn(key: string): boolean {
  return key.endsWith('_date');
}

// ---------------------------------------------------------------------------------------------------------
// Scholars: one row is a scholar and their case as the legacy system last knew it.

/** The scholar visa types a legacy row may give, each as the case's processed state. */
export const LEGACY_SCHOLAR_VISAS = ['H-1B', 'O-1', 'J-1', 'F-1 OPT/STEM'] as const;
export type TLegacyScholarVisa = (typeof LEGACY_SCHOLAR_VISAS)[number];

/** At most this many scholars per file: the conversion is one transaction. */
export const LEGACY_SCHOLAR_MAX_ROWS = 5000;

export const LEGACY_SCHOLAR_COLUMNS = [
  {
    key: 'first_name',
    label: 'First name',
    isRequired: true,
    help: 'Given name, up to 40 characters.',
    aliases: ['given_name', 'fname', 'first'],
  },
  { key: 'middle_name', label: 'Middle name', isRequired: false, help: 'Up to 40 characters.', aliases: ['middle'] },
  {
    key: 'last_name',
    label: 'Last name',
    isRequired: true,
    help: 'Family name, up to 40 characters.',
    aliases: ['family_name', 'surname', 'lname', 'last'],
  },
  {
    key: 'email',
    label: 'E-mail',
    isRequired: false,
    help: 'The scholar’s e-mail; no two scholars share one.',
    aliases: ['email_address', 'e_mail'],
  },
  {
    key: 'birth_date',
    label: 'Birth date',
    isRequired: false,
    help: 'A date, as the file writes dates.',
    aliases: ['dob', 'date_of_birth'],
  },
  { key: 'gender', label: 'Gender', isRequired: false, help: 'M, F or U, from the office’s gender codes.', aliases: ['sex'] },
  {
    key: 'citizenship',
    label: 'Citizenship',
    isRequired: false,
    help: 'Two-letter country code, from the office’s list of countries.',
    aliases: ['country_of_citizenship', 'citizenship_country'],
  },
  {
    key: 'birth_country',
    label: 'Country of birth',
    isRequired: false,
    help: 'Two-letter country code, from the office’s list of countries of birth.',
    aliases: ['birth_country_code', 'country_of_birth'],
  },
  {
    key: 'employee_id',
    label: 'Employee ID',
    isRequired: false,
    help: 'The person’s id in the HR system, up to 30 letters, digits, - or _; no two scholars share one.',
    aliases: ['emplid', 'empl_id', 'hr_id'],
  },
  {
    key: 'department',
    label: 'Department',
    isRequired: true,
    help: 'The hiring department’s name or code, as the office set it up.',
    aliases: ['dept', 'hiring_department', 'department_name'],
  },
  { key: 'campus_site', label: 'Campus site', isRequired: false, help: 'The code of a campus site you work for.', aliases: ['site'] },
  {
    key: 'visa_type',
    label: 'Visa type',
    isRequired: true,
    help: `${LEGACY_SCHOLAR_VISAS.join(', ')}.`,
    aliases: ['visa', 'status', 'immigration_status', 'visa_status'],
  },
  {
    key: 'start_date',
    label: 'Start date',
    isRequired: true,
    help: 'The program’s or employment’s start.',
    aliases: ['program_start_date', 'appointment_start', 'begin_date'],
  },
  {
    key: 'end_date',
    label: 'End date',
    isRequired: true,
    help: 'Its end, after the start; a case that has ended is converted closed.',
    aliases: ['program_end_date', 'appointment_end'],
  },
  { key: 'position', label: 'Position', isRequired: false, help: 'Job title, up to 200 characters.', aliases: ['title', 'job_title'] },
] as const satisfies readonly TLegacyTarget[];
export type TLegacyScholarColumn = (typeof LEGACY_SCHOLAR_COLUMNS)[number]['key'];

export const LEGACY_SCHOLAR_MSG = {
  required: 'Required field',
  name: 'Use at most 40 characters.',
  email: 'Invalid email',
  date: 'Enter a date in the format chosen for the file.',
  birthInFuture: 'The birth date cannot be in the future.',
  endBeforeStart: 'The end date must be after the start date.',
  country: 'Enter a two-letter country code from the office’s list, e.g. IN.',
  gender: 'Enter M, F or U.',
  employeeId: "Use up to 30 letters, digits, '-' or '_'.",
  department: 'No department has this name or code; the office adds departments under Departments.',
  site: 'Unknown campus site code, a site no longer in use, or a site you do not work for.',
  visa: `Enter ${LEGACY_SCHOLAR_VISAS.slice(0, -1).join(', ')} or ${LEGACY_SCHOLAR_VISAS.at(-1)}.`,
  position: 'Use at most 200 characters.',
  notYours: 'This department or visa type is outside your scholar area: you may not create its cases.',
  emailRepeated: (row: number) => `Row ${row} has the same e-mail.`,
  employeeIdRepeated: (row: number) => `Row ${row} has the same employee ID.`,
  personRepeated: (row: number) => `Row ${row} has the same name and birth date.`,
  emailTaken: 'A scholar with this e-mail already exists in Meridian.',
  employeeIdTaken: 'A scholar with this employee ID already exists in Meridian.',
  personTaken: 'A scholar with this name and birth date already exists in Meridian.',
} as const;

/** The columns of a scholar row read from the office's lists. */
export const LEGACY_SCHOLAR_LOOKUPS: Partial<Record<TLegacyScholarColumn, TLookupRef>> = {
  gender: { key: 'genders' },
  citizenship: { key: 'citizenship-countries', by: 'iso' },
  birth_country: { key: 'birth-countries', by: 'iso' },
};

/** Each list value the rows give, for the server's reader of the lists (one read per list). */
export function legacyScholarLookupChecks(rows: readonly Partial<Record<string, string>>[]): { ref: TLookupRef; value: string }[] {
  const out = new Map<string, { ref: TLookupRef; value: string }>();
  for (const row of rows)
    for (const [column, ref] of Object.entries(LEGACY_SCHOLAR_LOOKUPS) as [TLegacyScholarColumn, TLookupRef][]) {
      const value = (row[column] ?? '').trim().toUpperCase();
      if (value) out.set(`${column}|${value}`, { ref, value });
    }
  return [...out.values()];
}

/** A visa type as legacy systems write it ("H1B", "h-1b", "J1", "OPT", "STEM OPT"), as a case's processed state. */
export function legacyScholarVisa(raw: string): TLegacyScholarVisa | null {
  const v = raw
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, '');
  if (v === 'H1B') return 'H-1B';
  if (v === 'O1' || v === 'O1A' || v === 'O1B') return 'O-1';
  if (v === 'J1') return 'J-1';
  if (['F1OPT/STEM', 'F1OPT', 'F1STEMOPT', 'OPT', 'STEMOPT', 'F1OPTSTEM'].includes(v)) return 'F-1 OPT/STEM';
  return null;
}

/** A checked scholar row, ready to become a scholar and a case (dates ISO, codes upper case). */
export interface TLegacyScholarRecord {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  birthDate: string | null;
  gender: string;
  citizenship: string;
  birthCountry: string;
  employeeId: string | null;
  departmentId: string;
  campusSiteId: number | null;
  visa: TLegacyScholarVisa;
  startDate: string;
  endDate: string;
  position: string;
}

export interface TLegacyIssue {
  row: number;
  column: string;
  message: string;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/**
 * Checks one scholar row (cells by column key, dates already as MM/DD/YYYY). `departments` maps a
 * department's name and code (lower case) to its id; `sites` the campus site codes the converter reaches
 * (upper case) to their ids; `inReach` says whether the converter may create a case of this department and
 * visa type (their scholar area). `today` is the office's date (ISO).
 */
export function checkLegacyScholarRow(
  values: Partial<Record<string, string>>,
  rowNo: number,
  ctx: {
    departments: ReadonlyMap<string, string>;
    sites: ReadonlyMap<string, number>;
    inReach: (departmentId: string, visa: TLegacyScholarVisa) => boolean;
    today: string;
    lookups: TLookupChecker | null;
  },
): { record: TLegacyScholarRecord | null; issues: TLegacyIssue[] } {
  const issues: TLegacyIssue[] = [];
  const v = (k: TLegacyScholarColumn) => (values[k] ?? '').trim();
  const fail = (column: TLegacyScholarColumn, message: string) => issues.push({ row: rowNo, column, message });
  for (const c of LEGACY_SCHOLAR_COLUMNS) if (c.isRequired && v(c.key) === '') fail(c.key, LEGACY_SCHOLAR_MSG.required);
  for (const k of ['first_name', 'middle_name', 'last_name'] as const) if (v(k).length > 40) fail(k, LEGACY_SCHOLAR_MSG.name);
  const email = v('email').toLowerCase();
  if (email && (email.length > 254 || !EMAIL.test(email))) fail('email', LEGACY_SCHOLAR_MSG.email);
  const dateOf = (k: 'birth_date' | 'start_date' | 'end_date') => {
    if (!v(k)) return null;
    const iso = importDate(v(k));
    if (!iso) fail(k, LEGACY_SCHOLAR_MSG.date);
    return iso;
  };
  const birth = dateOf('birth_date');
  if (birth && birth > ctx.today) fail('birth_date', LEGACY_SCHOLAR_MSG.birthInFuture);
  const start = dateOf('start_date');
  const end = dateOf('end_date');
  if (start && end && end <= start) fail('end_date', LEGACY_SCHOLAR_MSG.endBeforeStart);
  const listed = (k: TLegacyScholarColumn, message: string, shape: RegExp) => {
    const code = v(k).toUpperCase();
    if (!code) return '';
    const ref = LEGACY_SCHOLAR_LOOKUPS[k];
    const status = ref && ctx.lookups ? ctx.lookups(ref, code) : undefined;
    if (!shape.test(code)) fail(k, message);
    else if (status === 'retired') fail(k, LOOKUP_MSG.retired);
    else if (status === 'unknown') fail(k, message);
    return code;
  };
  const gender = listed('gender', LEGACY_SCHOLAR_MSG.gender, /^[A-Z]$/);
  const citizenship = listed('citizenship', LEGACY_SCHOLAR_MSG.country, /^[A-Z]{2}$/);
  const birthCountry = listed('birth_country', LEGACY_SCHOLAR_MSG.country, /^[A-Z]{2}$/);
  const employeeId = v('employee_id');
  if (employeeId && !/^[A-Za-z0-9_-]{1,30}$/.test(employeeId)) fail('employee_id', LEGACY_SCHOLAR_MSG.employeeId);
  const departmentId = v('department') ? ctx.departments.get(v('department').toLowerCase()) : undefined;
  if (v('department') && !departmentId) fail('department', LEGACY_SCHOLAR_MSG.department);
  const siteId = v('campus_site') ? ctx.sites.get(v('campus_site').toUpperCase()) : undefined;
  if (v('campus_site') && siteId === undefined) fail('campus_site', LEGACY_SCHOLAR_MSG.site);
  const visa = v('visa_type') ? legacyScholarVisa(v('visa_type')) : null;
  if (v('visa_type') && !visa) fail('visa_type', LEGACY_SCHOLAR_MSG.visa);
  if (departmentId && visa && !ctx.inReach(departmentId, visa)) fail('department', LEGACY_SCHOLAR_MSG.notYours);
  if (v('position').length > 200) fail('position', LEGACY_SCHOLAR_MSG.position);
  if (issues.length || !departmentId || !visa || !start || !end) return { record: null, issues };
  return {
    record: {
      firstName: v('first_name'),
      middleName: v('middle_name'),
      lastName: v('last_name'),
      email,
      birthDate: birth,
      gender,
      citizenship,
      birthCountry,
      employeeId: employeeId || null,
      departmentId,
      campusSiteId: siteId ?? null,
      visa,
      startDate: start,
      endDate: end,
      position: v('position'),
    },
    issues,
  };
}

/** Rows of the file that repeat another row (same e-mail, employee ID, or name and birth date): each later one is refused. */
export function legacyScholarRepeats(records: readonly { row: number; record: TLegacyScholarRecord }[]): TLegacyIssue[] {
  const issues: TLegacyIssue[] = [];
  const first = { email: new Map<string, number>(), employee: new Map<string, number>(), person: new Map<string, number>() };
  for (const { row, record: r } of records) {
    const seen = (map: Map<string, number>, key: string | null, column: string, message: (row: number) => string) => {
      if (!key) return;
      const at = map.get(key);
      if (at === undefined) map.set(key, row);
      else issues.push({ row, column, message: message(at) });
    };
    seen(first.email, r.email || null, 'email', LEGACY_SCHOLAR_MSG.emailRepeated);
    seen(first.employee, r.employeeId?.toLowerCase() ?? null, 'employee_id', LEGACY_SCHOLAR_MSG.employeeIdRepeated);
    seen(
      first.person,
      r.birthDate ? `${r.firstName.toLowerCase()}|${r.lastName.toLowerCase()}|${r.birthDate}` : null,
      'last_name',
      LEGACY_SCHOLAR_MSG.personRepeated,
    );
  }
  return issues;
}

/** Where a converted case stands: one whose end date has passed is closed (completed), any other active (approved). */
export function legacyCasePhase(endDate: string, today: string): { phase: 'active' | 'closed'; status: 'approved' | 'completed' } {
  return endDate < today ? { phase: 'closed', status: 'completed' } : { phase: 'active', status: 'approved' };
}
