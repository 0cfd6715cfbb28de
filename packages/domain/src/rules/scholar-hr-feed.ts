// Scholar HR Updates (docs/product/scholar-hr-updates.md): the campus HR system's appointment feed, one row per
// sponsored scholar or employee, as a file (CSV / XLSX, header in any order) or as JSON rows pushed by HR. The
// columns, how a header is read, the check of each cell with its message, and what each column is compared with.
// Shared by the server (which decides) and the browser (which shows the columns and the template).
import { FEED_EMAIL, feedDate, feedFile, squashFeedName as squash, type TFeedIssue } from './feed-file.js';

/** The largest feed: a file of this many rows under its header, or as many JSON rows. */
export const HR_FEED_MAX_ROWS = 20_000;
/** The largest file (20 000 rows of every column is about 3 MB as CSV). */
export const HR_FEED_MAX_BYTES = 10 * 1024 * 1024;
/** The largest JSON body HR may push. */
export const HR_FEED_MAX_JSON_BYTES = 12 * 1024 * 1024;
/** Hours per week of one FTE (an FTE column is read as FTE × 40 hours per week). */
export const HOURS_PER_FTE = 40;

/**
 * The feed's columns, in template order. `field` is the column's name in the JSON push; `compared` says what
 * on Meridian's side the value is compared with (the scholar, or the scholar's current case and its employment
 * details). A file's header may use the key, the label or an alias, in any case, spaces, dashes or underscores.
 */
export const HR_FEED_COLUMNS = [
  {
    key: 'employee_id',
    field: 'employeeId',
    label: 'Employee ID',
    example: 'E0012345',
    help: "Required. The person's ID in the HR system, up to 30 letters, digits, '-' or '_'. Rows are matched to scholars by it.",
    compared: 'matches the row to the scholar (Employee ID on the scholar)',
    aliases: ['employee id', 'employee number', 'employee no', 'emplid', 'empl id', 'hr id', 'worker id', 'person number'],
  },
  {
    key: 'last_name',
    field: 'lastName',
    label: 'Family name',
    example: 'Tanaka',
    help: 'Up to 60 characters.',
    compared: "the scholar's family name",
    aliases: ['last name', 'surname', 'family name'],
  },
  {
    key: 'first_name',
    field: 'firstName',
    label: 'Given name',
    example: 'Hiro',
    help: 'Up to 60 characters.',
    compared: "the scholar's given name",
    aliases: ['first name', 'given name', 'given names'],
  },
  {
    key: 'middle_name',
    field: 'middleName',
    label: 'Middle name',
    example: '',
    help: 'Up to 60 characters.',
    compared: "the scholar's middle name",
    aliases: ['middle name', 'middle names'],
  },
  {
    key: 'email',
    field: 'email',
    label: 'E-mail',
    example: 'hiro.tanaka@example.edu',
    help: 'An e-mail address of up to 100 characters.',
    compared: "the scholar's e-mail",
    aliases: ['e-mail', 'email address', 'e-mail address', 'work email', 'campus email'],
  },
  {
    key: 'department',
    field: 'department',
    label: 'Department',
    example: 'PHYS',
    help: 'The code or the name of one of the departments in Meridian.',
    compared: "the hiring department of the scholar's current case",
    aliases: ['department code', 'department name', 'dept', 'home department', 'hiring department'],
  },
  {
    key: 'position',
    field: 'position',
    label: 'Position',
    example: 'Research Associate',
    help: 'The job title, up to 60 characters. The case keeps letters, digits, commas and spaces.',
    compared: 'Job title in the employment details of the current case',
    aliases: ['title', 'job title', 'position title'],
  },
  {
    key: 'appointment_start_date',
    field: 'appointmentStartDate',
    label: 'Appointment start date',
    example: '09/01/2026',
    help: 'MM/DD/YYYY or YYYY-MM-DD (a workbook’s date cell too).',
    compared: 'Start date in the employment details of the current case',
    aliases: ['appointment start', 'start date', 'appt start date'],
  },
  {
    key: 'appointment_end_date',
    field: 'appointmentEndDate',
    label: 'Appointment end date',
    example: '08/31/2028',
    help: 'MM/DD/YYYY or YYYY-MM-DD, on or after the start date.',
    compared: 'End date in the employment details of the current case (not the visa or program end date)',
    aliases: ['appointment end', 'end date', 'appt end date'],
  },
  {
    key: 'hours_per_week',
    field: 'hoursPerWeek',
    label: 'Hours per week',
    example: '40',
    help: 'From 0 to 168, e.g. 40 or 37.5.',
    compared: 'Hours per week in the employment details of the current case',
    aliases: ['hours', 'weekly hours', 'standard hours'],
  },
  {
    key: 'fte',
    field: 'fte',
    label: 'FTE',
    example: '',
    help: `Instead of hours: from 0 to 1.5, read as FTE × ${HOURS_PER_FTE} hours per week (0.5 is 20 hours).`,
    compared: 'Hours per week in the employment details of the current case (as FTE × 40)',
    aliases: ['full time equivalent', 'fte percent'],
  },
  {
    key: 'annual_salary',
    field: 'annualSalary',
    label: 'Annual salary',
    example: '65000',
    help: 'In US dollars per year, up to 999999.99; "$" and thousands commas are fine.',
    compared: 'Wages (per year) in the employment details of the current case',
    aliases: ['salary', 'annual rate', 'annual wage', 'wage', 'wages', 'annual pay'],
  },
] as const;

export type THrFeedField = (typeof HR_FEED_COLUMNS)[number]['field'];
export const HR_FEED_FIELDS = HR_FEED_COLUMNS.map((c) => c.field) as [THrFeedField, ...THrFeedField[]];
/** The fields compared with Meridian, each a change the office accepts or rejects (FTE is read into hours per week). */
export const HR_COMPARED_FIELDS = [
  'lastName',
  'firstName',
  'middleName',
  'email',
  'department',
  'position',
  'appointmentStartDate',
  'appointmentEndDate',
  'hoursPerWeek',
  'annualSalary',
] as const satisfies readonly THrFeedField[];
export type THrComparedField = (typeof HR_COMPARED_FIELDS)[number];

/** A compared field's label ("Appointment end date"). */
export function hrFieldLabel(field: string): string {
  return HR_FEED_COLUMNS.find((c) => c.field === field)?.label ?? field;
}

/** How a compared value is shown: dates are ISO strings the browser formats as MM/DD/YYYY without `new Date()`. */
export function hrFieldKind(field: string): 'date' | 'text' {
  return field === 'appointmentStartDate' || field === 'appointmentEndDate' ? 'date' : 'text';
}

export const HR_FEED_MSG = {
  noKeyColumn: 'The header needs an Employee ID column: rows are matched to scholars by it.',
  repeatedColumn: 'This column appears twice in the header.',
  noRows: 'The file has no rows under its header.',
  tooManyRows: `The feed has more than ${HR_FEED_MAX_ROWS.toLocaleString('en-US')} rows; split it by department.`,
  employeeIdRequired: 'Give the employee ID: the row cannot be matched to a scholar without it.',
  employeeId: "Use up to 30 letters, digits, '-' or '_'.",
  name: 'Use at most 60 characters.',
  email: 'Enter an e-mail address of at most 100 characters, e.g. hiro@example.edu.',
  department: 'Not the code or the name of a department in Meridian.',
  position: 'Use at most 60 characters.',
  date: 'Enter a date as MM/DD/YYYY (or YYYY-MM-DD).',
  endBeforeStart: 'The appointment end date is before the appointment start date.',
  hours: 'Enter hours per week from 0 to 168, e.g. 40 or 37.5.',
  fte: 'Enter an FTE from 0 to 1.5, e.g. 1 or 0.5.',
  fteDisagrees: (hours: number) => `FTE × ${HOURS_PER_FTE} does not match the ${hours} hours per week of this row; give one of the two.`,
  salary: 'Enter the annual salary in dollars, e.g. 65000 or 65,000.00 (at most 999,999.99).',
  sameEmployeeId: (row: number) => `Same employee ID as row ${row} of this feed.`,
  /** Fine to read, but the case's job title would not take it: shown, and not accepted. */
  positionNotStorable: 'The case’s job title takes letters, digits, commas and spaces only: change the title on the case yourself.',
} as const;

/** One problem on one cell of the feed: its row (a file's row number, the header being 1; a JSON row's position from 1). */
export type THrFeedIssue = TFeedIssue<THrFeedField>;

const FEED_FILE = feedFile(HR_FEED_COLUMNS, {
  repeatedColumn: HR_FEED_MSG.repeatedColumn,
  noKeyColumn: HR_FEED_MSG.noKeyColumn,
  hasKey: (seen) => seen.has('employeeId'),
  label: hrFieldLabel,
});

/** Reads a file's header (row 1): the field each column holds (null: not read, listed as ignored) and its problems. */
export function mapHrFeedHeader(header: string[]): { fields: (THrFeedField | null)[]; ignored: string[]; issues: THrFeedIssue[] } {
  return FEED_FILE.mapHeader(header);
}

/** A checked feed row: each value normalised, null where HR gave nothing (Meridian's value then stays as it is). */
export interface THrFeedRow {
  employeeId: string;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  email: string | null;
  /** The department's id in Meridian (found by code or name). */
  departmentId: string | null;
  position: string | null;
  /** ISO dates. */
  appointmentStartDate: string | null;
  appointmentEndDate: string | null;
  /** From the hours column, else FTE × 40. */
  hoursPerWeek: number | null;
  /** Dollars per year, two decimals ("65000.00"). */
  annualSalary: string | null;
}

/** What the case's job title takes (the employment details' rule). */
export const HR_JOB_TITLE = /^[A-Za-z0-9, ]*$/;

/** MM/DD/YYYY (one-digit month or day too) or YYYY-MM-DD → ISO, or null; never through `new Date()`. */
export function hrFeedDate(v: string): string | null {
  return feedDate(v);
}

/** A number with at most two decimals, or null ("37.5" → 37.5). */
function decimal(v: string): number | null {
  return /^\d{1,6}(\.\d{1,2})?$/.test(v) ? Number(v) : null;
}

/** "$65,000.00" → "65000.00"; null when it is not an amount the employment details take. */
export function hrSalary(v: string): string | null {
  const s = v.replace(/^\$\s*/, '').trim();
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s.replace(/,/g, ''));
  return n <= 999_999.99 ? n.toFixed(2) : null;
}

/**
 * Checks one feed row (cells by field, as text). `departments` finds a department's id by its code or name
 * (squashed: case, spaces and punctuation do not count). A cell the row cannot be stored with is an issue on
 * that cell; `notes` are values fine to read that the case would not take (shown, never accepted).
 */
export function checkHrFeedRow(
  cells: Partial<Record<THrFeedField, string>>,
  rowNo: number,
  departments: ReadonlyMap<string, string>,
): { row: THrFeedRow | null; issues: THrFeedIssue[]; notes: Partial<Record<THrComparedField, string>> } {
  const issues: THrFeedIssue[] = [];
  const notes: Partial<Record<THrComparedField, string>> = {};
  const v = (f: THrFeedField) => (cells[f] ?? '').trim();
  const fail = (field: THrFeedField, message: string) => issues.push({ row: rowNo, field, message });
  const orNull = (s: string) => (s === '' ? null : s);

  const employeeId = v('employeeId');
  if (!employeeId) fail('employeeId', HR_FEED_MSG.employeeIdRequired);
  else if (!/^[A-Za-z0-9_-]{1,30}$/.test(employeeId)) fail('employeeId', HR_FEED_MSG.employeeId);
  for (const f of ['lastName', 'firstName', 'middleName'] as const) if (v(f).length > 60) fail(f, HR_FEED_MSG.name);
  const email = v('email');
  if (email && (email.length > 100 || !FEED_EMAIL.test(email))) fail('email', HR_FEED_MSG.email);
  const deptText = v('department');
  const departmentId = deptText ? (departments.get(squash(deptText)) ?? null) : null;
  if (deptText && !departmentId) fail('department', HR_FEED_MSG.department);
  const position = v('position').replace(/\s+/g, ' ');
  if (position.length > 60) fail('position', HR_FEED_MSG.position);
  else if (position && !HR_JOB_TITLE.test(position)) notes.position = HR_FEED_MSG.positionNotStorable;
  const dates: Record<'appointmentStartDate' | 'appointmentEndDate', string | null> = {
    appointmentStartDate: null,
    appointmentEndDate: null,
  };
  for (const f of ['appointmentStartDate', 'appointmentEndDate'] as const) {
    const text = v(f);
    dates[f] = text ? hrFeedDate(text) : null;
    if (text && !dates[f]) fail(f, HR_FEED_MSG.date);
  }
  if (dates.appointmentStartDate && dates.appointmentEndDate && dates.appointmentEndDate < dates.appointmentStartDate)
    fail('appointmentEndDate', HR_FEED_MSG.endBeforeStart);
  const hoursText = v('hoursPerWeek');
  let hours = hoursText ? decimal(hoursText) : null;
  if (hoursText && (hours === null || hours > 168)) {
    fail('hoursPerWeek', HR_FEED_MSG.hours);
    hours = null;
  }
  const fteText = v('fte');
  if (fteText) {
    const fte = /^\d(\.\d{1,4})?$/.test(fteText) ? Number(fteText) : null;
    if (fte === null || fte > 1.5) fail('fte', HR_FEED_MSG.fte);
    else {
      const fromFte = Math.round(fte * HOURS_PER_FTE * 100) / 100;
      if (hours !== null && hours !== fromFte) fail('fte', HR_FEED_MSG.fteDisagrees(hours));
      else if (!hoursText) hours = fromFte;
    }
  }
  const salaryText = v('annualSalary');
  const salary = salaryText ? hrSalary(salaryText) : null;
  if (salaryText && !salary) fail('annualSalary', HR_FEED_MSG.salary);
  if (issues.length) return { row: null, issues, notes };
  return {
    issues,
    notes,
    row: {
      employeeId,
      lastName: orNull(v('lastName').replace(/\s+/g, ' ')),
      firstName: orNull(v('firstName').replace(/\s+/g, ' ')),
      middleName: orNull(v('middleName').replace(/\s+/g, ' ')),
      email: orNull(email),
      departmentId,
      position: orNull(position),
      appointmentStartDate: dates.appointmentStartDate,
      appointmentEndDate: dates.appointmentEndDate,
      hoursPerWeek: hours,
      annualSalary: salary,
    },
  };
}

/** The departments of the office as the feed may name them: by code and by name, squashed, to their ids. */
export function hrDepartmentLookup(departments: readonly { id: string; code: string; name: string }[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const d of departments) if (d.name) map.set(squash(d.name), d.id);
  // A code wins over another department's name.
  for (const d of departments) if (d.code) map.set(squash(d.code), d.id);
  return map;
}

/** Rows that repeat the employee ID of an earlier row (compared without case). */
export function findHrFeedDuplicates(rows: { rowNo: number; row: THrFeedRow }[]): THrFeedIssue[] {
  const issues: THrFeedIssue[] = [];
  const seen = new Map<string, number>();
  for (const { rowNo, row } of rows) {
    const key = row.employeeId.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) issues.push({ row: rowNo, field: 'employeeId', message: HR_FEED_MSG.sameEmployeeId(first) });
    else seen.set(key, rowNo);
  }
  return issues;
}

/** "Row 12, Appointment end date: Enter a date …": an issue as one line of a file's error list. */
export function describeHrFeedIssue(i: THrFeedIssue): string {
  return FEED_FILE.describeIssue(i);
}

/** The template HR fills: the header and one example row (CSV). */
export function hrFeedTemplateCsv(): string {
  return FEED_FILE.templateCsv();
}
