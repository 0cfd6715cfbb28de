// The batch upload of student records (docs/product/students-intake.md#batch-upload): the file's columns, a
// CSV reader, the check of every row with its message on the cell, and duplicate keys. Shared by the server
// (which decides) and the browser (which shows the template and the columns).
import { EDUCATION_LEVELS, EV_CATEGORIES, STUDENT_VISA_TYPES } from '../catalog/students.js';
import { EV_POSITION_CODES } from '../catalog/sevis-codes.js';
import { foreignPhoneIssue, GENDER_LOOKUP, genderLookup, MAX_MONEY_AMOUNT } from './student-record-values.js';
import { isValidUsDate } from './completeness.js';
import { LOOKUP_MSG, type TLookupChecker, type TLookupRef } from './lookup-values.js';
import { US_STATE_OPTIONS } from './student-request-fields.js';
import { phoneDigitsTyped } from './typed-numbers.js';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20000;

export interface TImportColumnSpec {
  key: string;
  label: string;
  isRequired: boolean;
  example: string;
  help: string;
  /**
   * What SEVIS needs the column for when the row has no SEVIS ID (its Create): 'F-1' (the I-20),
   * 'J-1' (the DS-2019) or 'both'. Empty, SEVIS still may need it, but it is checked as a required cell.
   */
  sevis?: 'F-1' | 'J-1' | 'both';
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
    sevis: 'F-1',
  },
  { key: 'major1', label: 'Major', isRequired: false, example: '11.0701', help: 'CIP code NN.NNNN.', sevis: 'F-1' },
  {
    key: 'gender',
    label: 'Gender',
    isRequired: false,
    example: 'F',
    help: 'M, F or U (unknown; not for an exchange visitor), from the office’s gender codes.',
    sevis: 'both',
  },
  // What SEVIS needs to create the record (a row without a SEVIS ID): the same fields the batch build checks.
  {
    key: 'phone',
    label: 'U.S. phone',
    isRequired: false,
    example: '217-555-0199',
    help: 'Ten digits; dashes, dots, spaces, brackets and +1 are fine.',
    sevis: 'F-1',
  },
  {
    key: 'foreign_phone_country_code',
    label: 'Foreign phone country code',
    isRequired: false,
    example: '81',
    help: 'The country calling code of the foreign phone, 1 to 4 digits (81 for Japan).',
    sevis: 'F-1',
  },
  {
    key: 'foreign_phone',
    label: 'Foreign phone',
    isRequired: false,
    example: '3 1234 5678',
    help: 'A phone outside the United States, 4 to 20 digits. SEVIS needs a U.S. or a foreign phone for an F-1 student.',
    sevis: 'F-1',
  },
  {
    key: 'birth_city',
    label: 'City of birth',
    isRequired: false,
    example: 'Osaka',
    help: 'As in the passport, up to 60 characters.',
    sevis: 'both',
  },
  { key: 'birth_country', label: 'Country of birth', isRequired: false, example: 'JP', help: 'Two-letter country code.', sevis: 'both' },
  {
    key: 'permanent_residence_country',
    label: 'Country of permanent residence',
    isRequired: false,
    example: 'JP',
    help: 'Two-letter country code (an exchange visitor’s DS-2019 needs it).',
    sevis: 'J-1',
  },
  {
    key: 'foreign_address_line1',
    label: 'Foreign address',
    isRequired: false,
    example: '1-2-3 Umeda',
    help: 'Street of the home address abroad.',
    sevis: 'F-1',
  },
  { key: 'foreign_address_line2', label: 'Foreign address line 2', isRequired: false, example: '', help: 'Optional.' },
  { key: 'foreign_city', label: 'Foreign city', isRequired: false, example: 'Osaka', help: 'City of the home address abroad.' },
  { key: 'foreign_province', label: 'Foreign province', isRequired: false, example: 'Osaka', help: 'Province or region, if any.' },
  { key: 'foreign_postal_code', label: 'Foreign postal code', isRequired: false, example: '530-0001', help: 'Postal code abroad, if any.' },
  {
    key: 'foreign_country',
    label: 'Foreign address country',
    isRequired: false,
    example: 'JP',
    help: 'Two-letter country code.',
    sevis: 'F-1',
  },
  {
    key: 'us_address_line1',
    label: 'U.S. address',
    isRequired: false,
    example: '',
    help: 'Street of the U.S. address, if the student has one yet (optional for SEVIS; when given, the street and ZIP code are needed).',
  },
  { key: 'us_address_line2', label: 'U.S. address line 2', isRequired: false, example: '', help: 'Optional.' },
  { key: 'us_city', label: 'U.S. city', isRequired: false, example: '', help: 'Optional.' },
  { key: 'us_state', label: 'U.S. state', isRequired: false, example: '', help: 'Two-letter state code, e.g. IL.' },
  { key: 'us_zip', label: 'U.S. ZIP code', isRequired: false, example: '', help: '5 digits, or ZIP+4.' },
  {
    key: 'english_required',
    label: 'English proficiency required',
    isRequired: false,
    example: 'Y',
    help: 'Y or N: whether the program requires English proficiency (a new I-20 says so).',
    sevis: 'F-1',
  },
  {
    key: 'english_requirements_met',
    label: 'English requirements met',
    isRequired: false,
    example: 'Y',
    help: 'Y or N, when English proficiency is required.',
    sevis: 'F-1',
  },
  {
    key: 'english_not_required_reason',
    label: 'Why English is not required',
    isRequired: false,
    example: '',
    help: 'When English proficiency is not required, up to 500 characters.',
    sevis: 'F-1',
  },
  {
    key: 'academic_term_months',
    label: 'Academic term (months)',
    isRequired: false,
    example: '9',
    help: 'The length of the academic year in months, 1 to 12.',
    sevis: 'F-1',
  },
  {
    key: 'tuition',
    label: 'Tuition and fees',
    isRequired: false,
    example: '38000',
    help: 'Whole U.S. dollars for one academic term; $ and commas are fine.',
    sevis: 'F-1',
  },
  { key: 'living_expenses', label: 'Living expenses', isRequired: false, example: '16000', help: 'Whole U.S. dollars.', sevis: 'F-1' },
  { key: 'dependent_expenses', label: 'Expenses of dependents', isRequired: false, example: '', help: 'Whole U.S. dollars, if any.' },
  { key: 'other_expenses', label: 'Other expenses', isRequired: false, example: '', help: 'Whole U.S. dollars, if any (with remarks).' },
  { key: 'other_expenses_remarks', label: 'Other expenses remarks', isRequired: false, example: '', help: 'What the other expenses are.' },
  { key: 'personal_funds', label: 'Personal funds', isRequired: false, example: '54000', help: 'Whole U.S. dollars.', sevis: 'F-1' },
  {
    key: 'school_funds',
    label: 'Funds from this school',
    isRequired: false,
    example: '',
    help: 'Whole U.S. dollars, if any (with remarks); for a J-1, the program sponsor’s funds.',
  },
  {
    key: 'school_funds_remarks',
    label: 'School funds remarks',
    isRequired: false,
    example: '',
    help: 'What the school funds are (e.g. a scholarship).',
  },
  {
    key: 'other_funds',
    label: 'Funds from other sources',
    isRequired: false,
    example: '',
    help: 'Whole U.S. dollars, if any (with remarks).',
  },
  { key: 'other_funds_remarks', label: 'Other funds remarks', isRequired: false, example: '', help: 'Who gives the other funds.' },
  { key: 'employment_funds', label: 'On-campus employment', isRequired: false, example: '', help: 'Whole U.S. dollars, if any.' },
  {
    key: 'ev_category_code',
    label: 'Exchange visitor category',
    isRequired: false,
    example: '',
    help: `SEVIS program category of a J-1: ${EV_CATEGORIES.map((c) => c.code).join(', ')}.`,
    sevis: 'J-1',
  },
  {
    key: 'ev_position_code',
    label: 'Exchange visitor position',
    isRequired: false,
    example: '',
    help: 'SEVIS position code of a J-1 (3 digits).',
    sevis: 'J-1',
  },
  {
    key: 'subject_field_code',
    label: 'Subject field',
    isRequired: false,
    example: '',
    help: 'CIP code NN.NNNN of a J-1’s field.',
    sevis: 'J-1',
  },
  {
    key: 'received_us_govt_funds',
    label: 'U.S. government funds',
    isRequired: false,
    example: '',
    help: 'Y or N: whether a J-1 receives U.S. government funds.',
    sevis: 'J-1',
  },
  {
    key: 'site_of_activity_name',
    label: 'Site of activity',
    isRequired: false,
    example: '',
    help: 'Where a J-1 studies or works (SEVIS needs one site), up to 60 characters.',
    sevis: 'J-1',
  },
  {
    key: 'site_of_activity_address',
    label: 'Site of activity address',
    isRequired: false,
    example: '',
    help: 'Street of the site.',
    sevis: 'J-1',
  },
  { key: 'site_of_activity_city', label: 'Site of activity city', isRequired: false, example: '', help: 'City of the site.' },
  { key: 'site_of_activity_state', label: 'Site of activity state', isRequired: false, example: '', help: 'Two-letter state code.' },
  {
    key: 'site_of_activity_zip',
    label: 'Site of activity ZIP code',
    isRequired: false,
    example: '',
    help: '5 digits, or ZIP+4.',
    sevis: 'J-1',
  },
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
  site: 'Unknown campus site code, a site no longer in use, or a site you do not work for.',
  endBeforeStart: 'The program end date must be after the program start date.',
  sevisId: 'Enter N followed by 10 digits.',
  campusId: "Use up to 30 letters, digits, '-' or '_'.",
  educationLevel: `Enter an education level code: ${EDUCATION_LEVELS.map((l) => l.code).join(', ')}.`,
  major: 'Enter a CIP code as NN.NNNN, e.g. 11.0701.',
  gender: 'Enter M, F or U.',
  evGender: 'Enter M or F: SEVIS takes no other gender for an exchange visitor (SEVIS Table 36).',
  birthInFuture: 'The birth date cannot be in the future.',
  usPhone: 'Enter a U.S. phone number of 10 digits, e.g. 217-555-0199.',
  foreignPhone: 'Enter 4 to 20 digits.',
  callingCode: 'Enter a country calling code of 1 to 4 digits, e.g. 81.',
  text60: 'Use at most 60 characters.',
  text500: 'Use at most 500 characters.',
  state: 'Enter a two-letter U.S. state code, e.g. IL.',
  zip: 'Enter a ZIP code of 5 digits, or ZIP+4 (12345-6789).',
  yesNo: 'Enter Y or N.',
  months: 'Enter a whole number of months from 1 to 12.',
  dollars: `Enter an amount in U.S. dollars from 0 to ${MAX_MONEY_AMOUNT.toLocaleString('en-US')}, e.g. 38000.`,
  evCategory: `Enter an exchange visitor category: ${EV_CATEGORIES.map((c) => c.code).join(', ')}.`,
  evPosition: 'Enter a SEVIS position code of 3 digits (SEVIS Table 28).',
} as const;

/** ISO 3166-1 alpha-2 codes (plus XK, Kosovo, which SEVIS lists): the seed of what a row is checked against without the office's country lists. */
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
 * The columns whose codes come from the office's code lists (docs/product/lookups.md#how-forms-use-the-lists): the
 * server checks them against the lists offered today (importLookupChecks, then checkImportRow's `lookups`); the
 * sets written here (COUNTRIES, US_STATES, ...) are only what a row is checked against without the lists.
 */
export const IMPORT_LOOKUPS: Partial<Record<TImportColumn, TLookupRef>> = {
  citizenship: { key: 'citizenship-countries', by: 'iso' },
  birth_country: { key: 'birth-countries', by: 'iso' },
  permanent_residence_country: { key: 'citizenship-countries', by: 'iso' },
  foreign_country: { key: 'citizenship-countries', by: 'iso' },
  us_state: { key: 'us-states' },
  site_of_activity_state: { key: 'us-states' },
  education_level: { key: 'education-levels' },
  ev_category_code: { key: 'ev-categories' },
  ev_position_code: { key: 'ev-positions' },
  // An exchange visitor's row is checked against the codes for one (checkImportRow, genderLookup).
  gender: GENDER_LOOKUP,
};

/** A list column's cell as its code: upper case, an education level padded as SEVIS writes it ('2' → '02'). */
export function importCellCode(column: TImportColumn, raw: string | undefined): string {
  const v = (raw ?? '').trim().toUpperCase();
  return column === 'education_level' && /^\d$/.test(v) ? `0${v}` : v;
}

/** Each list value the rows give, for the server's reader of the lists (one read per list for the whole file). */
export function importLookupChecks(rows: readonly Partial<Record<TImportColumn, string>>[]): { ref: TLookupRef; value: string }[] {
  const out = new Map<string, { ref: TLookupRef; value: string }>();
  for (const row of rows)
    for (const [column, ref] of Object.entries(IMPORT_LOOKUPS) as [TImportColumn, TLookupRef][]) {
      const value = importCellCode(column, row[column]);
      if (value) out.set(`${column}|${value}`, { ref, value });
    }
  return [...out.values()];
}

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
  /** What SEVIS needs to create the record, as given (empty where the file left it out). */
  details: TImportDetails;
}

/** An address of an import row (the student record's address shape). */
export interface TImportAddress {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  countryCode?: string;
}

/** The columns of a row beyond the record's identity: what SEVIS's Create of an I-20 or DS-2019 needs. */
export interface TImportDetails {
  phone: string;
  foreignPhoneCountryCode: string;
  foreignPhone: string;
  birthCity: string;
  birthCountryCode: string;
  permanentResidenceCountryCode: string;
  foreignAddress: TImportAddress;
  usAddress: TImportAddress;
  englishRequired: boolean | null;
  englishRequirementsMet: boolean | null;
  englishNotRequiredReason: string;
  academicTermMonths: number | null;
  /** The record's financials (keys as on the record: tuition, living, personalFunds, ...), whole dollars. */
  financials: Record<string, number | string>;
  evCategoryCode: string;
  evPositionCode: string;
  subjectFieldCode: string;
  receivedUsGovtFunds: boolean | null;
  siteOfActivity: { name: string; address: TImportAddress } | null;
}

/** The import's money columns and the record's financials key each fills. */
export const IMPORT_MONEY_COLUMNS = {
  tuition: 'tuition',
  living_expenses: 'living',
  dependent_expenses: 'dependents',
  other_expenses: 'otherExpenses',
  personal_funds: 'personalFunds',
  school_funds: 'schoolFunds',
  other_funds: 'otherFunds',
  employment_funds: 'employmentFunds',
} as const satisfies Partial<Record<TImportColumn, string>>;
const IMPORT_REMARK_COLUMNS = {
  other_expenses_remarks: 'otherExpensesRemarks',
  school_funds_remarks: 'schoolFundsRemarks',
  other_funds_remarks: 'otherFundsRemarks',
} as const satisfies Partial<Record<TImportColumn, string>>;

// The seed values of the office's lists (IMPORT_LOOKUPS): what a row is checked against only where the lists are not read.
const US_STATES = new Set<string>(US_STATE_OPTIONS.map((o) => o.value));
const EV_CATEGORY_CODES = new Set<string>(EV_CATEGORIES.map((c) => c.code));
const EV_POSITIONS = new Set<string>(EV_POSITION_CODES);
const GENDERS = new Set(['M', 'F', 'U']);
const EV_GENDERS = new Set(['M', 'F']);
/** Y/N as a spreadsheet writes it; undefined when the cell says neither. */
function yesNoCell(v: string): boolean | null | undefined {
  const s = v.trim().toLowerCase();
  if (!s) return null;
  if (['y', 'yes', 'true', '1'].includes(s)) return true;
  if (['n', 'no', 'false', '0'].includes(s)) return false;
  return undefined;
}
/** Whole dollars from '$38,000' or '38000.00', at most what the record takes; undefined when it is no such amount. */
function dollarsCell(v: string): number | undefined {
  const s = v
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return undefined;
  const n = Math.round(Number(s));
  return n <= MAX_MONEY_AMOUNT ? n : undefined;
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
 * `today` is an ISO date. `lookups` says what the office's lists offer today (IMPORT_LOOKUPS): a code the list
 * does not have is refused with the column's own message, one it has retired with the lists' "no longer
 * offered"; without it (or for a list it does not hold) the codes are checked against the sets written here.
 * Returns the record when the row has no error.
 */
export function checkImportRow(
  values: Partial<Record<TImportColumn, string>>,
  rowNo: number,
  sites: ReadonlyMap<string, number>,
  today: string,
  lookups?: TLookupChecker | null,
): { record: TImportRecord | null; issues: TImportIssue[] } {
  const issues: TImportIssue[] = [];
  const v = (k: TImportColumn) => (values[k] ?? '').trim();
  const fail = (column: TImportColumn, message: string) => {
    issues.push({ row: rowNo, column, message });
  };
  /** A list column's code: offered by the office's list (or, without it, in the set written here). */
  const listed = (k: TImportColumn, code: string, fallback: ReadonlySet<string>, message: string) => {
    if (!code) return;
    const ref = IMPORT_LOOKUPS[k];
    const status = ref && lookups ? lookups(ref, code) : undefined;
    if (status === 'retired') fail(k, LOOKUP_MSG.retired);
    else if (status === 'unknown' || (status === undefined && !fallback.has(code))) fail(k, message);
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
  if (citizenship && !/^[A-Z]{2}$/.test(citizenship)) fail('citizenship', IMPORT_MSG.country);
  else listed('citizenship', citizenship, COUNTRIES, IMPORT_MSG.country);
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
  listed('education_level', level ? levelCode : '', EDUCATION_CODES, IMPORT_MSG.educationLevel);
  const major = v('major1');
  if (major && !/^\d{2}\.\d{4}$/.test(major)) fail('major1', IMPORT_MSG.major);
  const gender = v('gender').toUpperCase();
  if (gender) {
    // SEVIS Table 36: U (unknown) is not for an exchange visitor.
    const isEv = visa === 'J-1';
    const status = lookups ? lookups(genderLookup(visa), gender) : undefined;
    if (status === 'retired') fail('gender', LOOKUP_MSG.retired);
    else if (status === 'unknown' || (status === undefined && !(isEv ? EV_GENDERS : GENDERS).has(gender)))
      fail('gender', isEv ? IMPORT_MSG.evGender : IMPORT_MSG.gender);
  }
  const details = checkDetails(v, fail, listed);
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
      details,
    },
  };
}

/** The format of each SEVIS column (what is missing for SEVIS is the server's SEVIS check, not a cell error). */
function checkDetails(
  v: (k: TImportColumn) => string,
  fail: (column: TImportColumn, message: string) => void,
  listed: (k: TImportColumn, code: string, fallback: ReadonlySet<string>, message: string) => void,
): TImportDetails {
  const phone = v('phone') ? phoneDigitsTyped(v('phone'), true) : '';
  if (phone && !/^\d{10}$/.test(phone)) fail('phone', IMPORT_MSG.usPhone);
  const callingCode = v('foreign_phone_country_code').replace(/^\+/, '');
  if (callingCode && !/^\d{1,4}$/.test(callingCode)) fail('foreign_phone_country_code', IMPORT_MSG.callingCode);
  const foreignPhone = v('foreign_phone') ? phoneDigitsTyped(v('foreign_phone'), false) : '';
  if (foreignPhone && !/^\d{4,20}$/.test(foreignPhone)) fail('foreign_phone', IMPORT_MSG.foreignPhone);
  // The record's own rule: a foreign phone needs its country calling code.
  const withoutCode = foreignPhoneIssue({ foreignPhone, foreignPhoneCountryCode: callingCode });
  if (withoutCode) fail('foreign_phone_country_code', withoutCode);
  const text = (k: TImportColumn, max: 60 | 500) => {
    if (v(k).length > max) fail(k, max === 60 ? IMPORT_MSG.text60 : IMPORT_MSG.text500);
    return v(k);
  };
  const country = (k: TImportColumn) => {
    const c = v(k).toUpperCase();
    if (c && !/^[A-Z]{2}$/.test(c)) fail(k, IMPORT_MSG.country);
    else listed(k, c, COUNTRIES, IMPORT_MSG.country);
    return c;
  };
  const state = (k: TImportColumn) => {
    const c = v(k).toUpperCase();
    if (c && !/^[A-Z]{2}$/.test(c)) fail(k, IMPORT_MSG.state);
    else listed(k, c, US_STATES, IMPORT_MSG.state);
    return c;
  };
  const zip = (k: TImportColumn) => {
    if (v(k) && !/^\d{5}(-?\d{4})?$/.test(v(k))) fail(k, IMPORT_MSG.zip);
    return v(k);
  };
  const yesNo = (k: TImportColumn) => {
    const b = yesNoCell(v(k));
    if (b === undefined) fail(k, IMPORT_MSG.yesNo);
    return b ?? null;
  };
  const address = (a: TImportAddress): TImportAddress => Object.fromEntries(Object.entries(a).filter(([, x]) => x !== ''));
  const foreignAddress = address({
    line1: text('foreign_address_line1', 60),
    line2: text('foreign_address_line2', 60),
    city: text('foreign_city', 60),
    state: text('foreign_province', 60),
    postalCode: text('foreign_postal_code', 60),
    countryCode: country('foreign_country'),
  });
  const usAddress = address({
    line1: text('us_address_line1', 60),
    line2: text('us_address_line2', 60),
    city: text('us_city', 60),
    state: state('us_state'),
    postalCode: zip('us_zip'),
  });
  let academicTermMonths: number | null = null;
  if (v('academic_term_months')) {
    const n = Number(v('academic_term_months'));
    if (!Number.isInteger(n) || n < 1 || n > 12) fail('academic_term_months', IMPORT_MSG.months);
    else academicTermMonths = n;
  }
  const financials: Record<string, number | string> = {};
  for (const [col, key] of Object.entries(IMPORT_MONEY_COLUMNS) as [TImportColumn, string][]) {
    if (!v(col)) continue;
    const n = dollarsCell(v(col));
    if (n === undefined) fail(col, IMPORT_MSG.dollars);
    else financials[key] = n;
  }
  for (const [col, key] of Object.entries(IMPORT_REMARK_COLUMNS) as [TImportColumn, string][]) {
    const r = text(col, 500);
    if (r) financials[key] = r;
  }
  const category = v('ev_category_code').toUpperCase();
  listed('ev_category_code', category, EV_CATEGORY_CODES, IMPORT_MSG.evCategory);
  const position = v('ev_position_code');
  listed('ev_position_code', position, EV_POSITIONS, IMPORT_MSG.evPosition);
  const subject = v('subject_field_code');
  if (subject && !/^\d{2}\.\d{4}$/.test(subject)) fail('subject_field_code', IMPORT_MSG.major);
  const siteAddress = address({
    line1: text('site_of_activity_address', 60),
    city: text('site_of_activity_city', 60),
    state: state('site_of_activity_state'),
    postalCode: zip('site_of_activity_zip'),
  });
  const siteName = text('site_of_activity_name', 60);
  return {
    phone,
    foreignPhoneCountryCode: callingCode,
    foreignPhone,
    birthCity: text('birth_city', 60),
    birthCountryCode: country('birth_country'),
    permanentResidenceCountryCode: country('permanent_residence_country'),
    foreignAddress,
    usAddress,
    englishRequired: yesNo('english_required'),
    englishRequirementsMet: yesNo('english_requirements_met'),
    englishNotRequiredReason: text('english_not_required_reason', 500),
    academicTermMonths,
    financials,
    evCategoryCode: category,
    evPositionCode: position,
    subjectFieldCode: subject,
    receivedUsGovtFunds: yesNo('received_us_govt_funds'),
    siteOfActivity: siteName || Object.keys(siteAddress).length ? { name: siteName, address: siteAddress } : null,
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
