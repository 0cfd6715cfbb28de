import { z } from 'zod';

/**
 * The office's code lists (docs/product/lookups.md): countries, U.S. states, education levels, subject fields
 * and SEVIS's reason codes, kept per institution as data so forms read them instead of lists written into the
 * code. Each list is seeded from SEVIS's own tables; a value is never deleted, only retired (its last day
 * offered passes), so a record that holds it keeps showing its code and label while new forms no longer offer it.
 */
export const LOOKUP_KEYS = [
  'birth-countries',
  'citizenship-countries',
  'us-states',
  'education-levels',
  'subject-fields',
  'local-majors',
  'ev-categories',
  'ev-positions',
  'name-suffixes',
  'genders',
  'student-termination-reasons',
  'student-cancellation-reasons',
  'ev-termination-reasons',
  'dependent-termination-reasons',
  'dependent-cancellation-reasons',
  'ev-dependent-termination-reasons',
  'ev-dependent-end-reasons',
  'student-reprint-reasons',
  'ev-reprint-reasons',
  'ev-print-reasons',
  'birth-country-reasons',
  'visa-types',
  'dependent-relationships',
  'employment-times',
  'us-address-overrides',
  'scholar-categories',
  'highest-education',
] as const;
export type TLookupKey = (typeof LOOKUP_KEYS)[number];
export const ZLookupKey = z.enum(LOOKUP_KEYS);

/** An attribute the values of a list carry beside code and label (a country's ISO code, a level's F-1 flag). */
export interface TLookupAttributeField {
  key: string;
  label: string;
  /** An office value must give it. */
  required?: boolean;
  /** Its value must be an active code of this other list (a local major's CIP code). */
  list?: TLookupKey;
}

/** What a list is: its name, where its values come from, and whether the office may add values of its own. */
export interface TLookupListDefinition {
  key: TLookupKey;
  name: string;
  description: string;
  /** SEVIS's table and schema type the seeded values copy; empty for a list of the office's own values. */
  source: string;
  allowsOfficeValues: boolean;
  attributes: readonly TLookupAttributeField[];
}

const ISO_ATTR: TLookupAttributeField = { key: 'iso', label: 'ISO code' };
const F1_M1: TLookupAttributeField[] = [
  { key: 'f1', label: 'F-1' },
  { key: 'm1', label: 'M-1' },
];

/** Every list, in the order the admin page shows them. */
export const LOOKUP_LISTS: readonly TLookupListDefinition[] = [
  {
    key: 'birth-countries',
    name: 'Countries of birth',
    description:
      'SEVIS’s countries of birth, including the United States, its territories and countries that no longer exist. Records keep the ISO code; SEVIS batches send the SEVIS code.',
    source: 'SEVIS Table 32 (Birth Country Codes); SEVISTable.xsd BirthCntryCodeType',
    allowsOfficeValues: false,
    attributes: [ISO_ATTR],
  },
  {
    key: 'citizenship-countries',
    name: 'Countries of citizenship and residence',
    description:
      'SEVIS’s countries for citizenship, permanent residence and foreign addresses. Countries SEVIS has closed are retired: records that hold one keep it.',
    source: 'SEVIS Table 33 (Citizenship-Residence Country Codes); SEVISTable.xsd CntryCodeWithoutType and CntryCodeWithCloseDateType',
    allowsOfficeValues: false,
    attributes: [ISO_ATTR],
  },
  {
    key: 'us-states',
    name: 'U.S. states and territories',
    description: 'The states, the District of Columbia, territories and freely associated states SEVIS accepts in a U.S. address.',
    source: 'SEVISTable.xsd StateCodeType',
    allowsOfficeValues: false,
    attributes: [{ key: 'kind', label: 'Kind' }],
  },
  {
    key: 'education-levels',
    name: 'Education levels',
    description: 'The level of a student’s program on the I-20. Levels 08 to 10 are for M-1 students only.',
    source: 'SEVIS Table 5 (Education Level Codes); SEVISTable.xsd EduLevelCodeType',
    allowsOfficeValues: false,
    attributes: F1_M1,
  },
  {
    key: 'subject-fields',
    name: 'Subject fields (CIP codes)',
    description:
      'Majors, minors and exchange visitors’ subject fields, as CIP codes. Titles are CIP 2020’s; codes the exchange visitor schema still lists from CIP 2010 have no title of their own.',
    source: 'SEVISTable.xsd ProgSubjectCodeType (student 6.55 with CIP 2020 titles; exchange visitor 6.27)',
    allowsOfficeValues: false,
    attributes: [
      { key: 'student', label: 'Students' },
      { key: 'ev', label: 'Exchange visitors' },
    ],
  },
  {
    key: 'local-majors',
    name: 'Majors and minors: the office’s names',
    description: 'The institution’s own names for its programs, each with the CIP code SEVIS is sent.',
    source: '',
    allowsOfficeValues: true,
    attributes: [{ key: 'cip', label: 'CIP code', required: true, list: 'subject-fields' }],
  },
  {
    key: 'ev-categories',
    name: 'Exchange visitor program categories',
    description: 'The category of an exchange visitor’s program on the DS-2019 (SEVIS calls them program categories).',
    source: 'SEVIS Table 15 (Program Category Codes); SEVISTable.xsd EVCategoryCodeType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'ev-positions',
    name: 'Exchange visitor positions',
    description: 'The exchange visitor’s position on the DS-2019. Codes SEVIS has deleted are retired.',
    source: 'SEVIS Table 28 (Exchange Visitor Position Codes); SEVISTable.xsd EVPositionCodeType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'name-suffixes',
    name: 'Name suffixes',
    description: 'Suffixes of a name SEVIS accepts.',
    source: 'SEVIS Table 37 (Name Suffix Codes); SEVISTable.xsd NameSuffixCodeType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'genders',
    name: 'Gender codes',
    description: 'SEVIS’s gender codes. Unknown (U) is not accepted for an exchange visitor.',
    source: 'SEVIS Table 36 (Gender Codes); SEVISTable.xsd GenderCodeType and EVGenderCodeType',
    allowsOfficeValues: false,
    attributes: [{ key: 'ev', label: 'Exchange visitors' }],
  },
  {
    key: 'student-termination-reasons',
    name: 'Student termination reasons',
    description: 'Why an F-1 or M-1 record is terminated.',
    source: 'SEVIS Table 13 (Student Termination Reason Codes); SEVISTable.xsd StudentTerminationReasonType',
    allowsOfficeValues: false,
    attributes: F1_M1,
  },
  {
    key: 'student-cancellation-reasons',
    name: 'Student cancellation reasons',
    description: 'Why an Initial F-1 or M-1 record is canceled.',
    source: 'SEVIS Table 10 (Student Cancellation Reason Codes); SEVISTable.xsd StudentCancelReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'ev-termination-reasons',
    name: 'Exchange visitor termination reasons',
    description: 'Why an exchange visitor’s record is terminated.',
    source: 'SEVIS Table 24 (Exchange Visitor Termination Reason Codes); SEVISTable.xsd EVTerminationReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'dependent-termination-reasons',
    name: 'F-2 and M-2 dependent termination reasons',
    description: 'Why a student’s dependent is terminated.',
    source: 'SEVIS Table 3 (Dependent Termination Codes); SEVISTable.xsd DependentTerminationReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'dependent-cancellation-reasons',
    name: 'F-2 and M-2 dependent cancellation reasons',
    description: 'Why a student’s dependent is canceled.',
    source: 'SEVIS Table 2 (Dependent Cancellation Reason Codes); SEVISTable.xsd DependentCancelReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'ev-dependent-termination-reasons',
    name: 'J-2 dependent termination reasons',
    description: 'Why an exchange visitor’s dependent is terminated for a violation.',
    source: 'SEVIS Table 19 (Exchange Visitor Dependent Termination Codes); SEVISTable.xsd EVDepTerminationReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'ev-dependent-end-reasons',
    name: 'J-2 dependent end-of-status reasons',
    description: 'Why a J-2 dependent’s status ends without a violation.',
    source: 'SEVIS Table 18 (Dependent End Program Reason Codes); SEVISTable.xsd DependentCompletionType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'student-reprint-reasons',
    name: 'I-20 reprint reasons',
    description: 'Why an I-20 is printed again.',
    source: 'SEVIS Table 12 (Student Reprint Codes); SEVISTable.xsd StudentReprintRequestReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'ev-reprint-reasons',
    name: 'DS-2019 reprint reasons',
    description: 'Why a DS-2019 is printed again.',
    source: 'SEVIS Table 23 (Exchange Visitor Reprint Codes); SEVISTable.xsd EVReprintRequestReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'ev-print-reasons',
    name: 'DS-2019 print reasons for a J-2',
    description: 'Why a DS-2019 is printed when a dependent is added.',
    source: 'SEVISTable.xsd EVPrintReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'birth-country-reasons',
    name: 'U.S. and territories birth country reasons',
    description:
      'Why a person born in the United States or a U.S. territory is a nonimmigrant: SEVIS asks it when the country of birth is the U.S.',
    source: 'SEVIS U.S. and U.S. Territories Birth Country Reason Codes; SEVISTable.xsd USBornReasonType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'visa-types',
    name: 'Visa types',
    description:
      'SEVIS’s visa codes of students, exchange visitors and F-2/M-2 dependents. Records keep the visa (F-1, J-1); SEVIS is sent the code.',
    source: 'SEVISTable.xsd StudentVisaCodeType, EVVisaCodeType and DependentFMVisaType',
    allowsOfficeValues: false,
    attributes: [
      { key: 'visa', label: 'Visa' },
      { key: 'dependent', label: 'Dependent' },
    ],
  },
  {
    key: 'dependent-relationships',
    name: 'Dependent relationships',
    description: 'How a dependent (F-2, M-2, J-2) is related to the student or exchange visitor.',
    source: 'SEVIS Table 35 (Dependent Type Codes); SEVISTable.xsd DependentCodeType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'employment-times',
    name: 'Employment time (full or part time)',
    description:
      'Whether a student’s CPT or OPT employment is full or part time. How many hours a week each means depends on the kind of employment: the forms say it.',
    source: 'SEVIS Table 6 (Employment Time Codes); SEVISTable.xsd EmploymentTimeType',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'us-address-overrides',
    name: 'U.S. address override reasons',
    description:
      'The explanation SEVIS asks for when it finds a U.S. address’s city, state and ZIP code but not its street (SEVIS S1146), so the address is kept as given. OO (other) needs an explanation in words.',
    source: 'Common.xsd USAddrDoctorType ExplanationCode (SEVIS S1146, S1147)',
    allowsOfficeValues: false,
    attributes: [],
  },
  {
    key: 'scholar-categories',
    name: 'J-1 scholar categories',
    description:
      'The categories a department and a scholar choose for a J-1 scholar, each with the exchange visitor program category it is sent as.',
    source: 'Meridian’s scholar forms; categories from SEVIS Table 15 (Program Category Codes)',
    allowsOfficeValues: false,
    attributes: [{ key: 'ev', label: 'Program category', list: 'ev-categories' }],
  },
  {
    key: 'highest-education',
    name: 'Highest education (scholar forms)',
    description: 'The scholar application’s choices for the highest education a scholar has completed.',
    source: 'Meridian’s scholar application form',
    allowsOfficeValues: false,
    attributes: [],
  },
];

export function lookupListDefinition(key: TLookupKey): TLookupListDefinition {
  return LOOKUP_LISTS.find((l) => l.key === key)!;
}

/**
 * Where a form's field draws its choices: a list, the attribute whose value the field stores when it is not
 * the code (records keep a country's ISO code, SEVIS's lists are keyed by SEVIS's codes), and the attribute
 * values a value must have to be offered here (an F-1 form offers only F-1 education levels), or the codes alone it
 * offers (a student reports only some of SEVIS's reasons).
 */
export interface TLookupRef {
  key: TLookupKey;
  by?: string;
  where?: Readonly<Record<string, string>>;
  codes?: readonly string[];
}

/** A value as the browser and the server's checks read it. */
export interface TLookupValueLike {
  code: string;
  label: string;
  attributes: Readonly<Record<string, string>>;
  /** First day it is offered (empty: always was). */
  activeFrom?: string | null | undefined;
  /** First day it is no longer offered (empty: not retired). Dates are the office's calendar days, YYYY-MM-DD. */
  activeUntil?: string | null | undefined;
}

/** Is the value offered on this day (the office's today)? */
export function isLookupValueActive(v: Pick<TLookupValueLike, 'activeFrom' | 'activeUntil'>, today: string): boolean {
  return (!v.activeFrom || v.activeFrom <= today) && (!v.activeUntil || today < v.activeUntil);
}

/** What a field keeps for a value: its code, or the attribute the field names (null when it has none). */
export function lookupStoredValue(ref: Pick<TLookupRef, 'by'>, v: Pick<TLookupValueLike, 'code' | 'attributes'>): string | null {
  if (!ref.by) return v.code;
  return v.attributes[ref.by] || null;
}

/** Does the value have every attribute the field asks for, and is it one of the codes the field offers (if it names them)? */
export function lookupValueFits(
  ref: Pick<TLookupRef, 'where' | 'codes'>,
  v: Pick<TLookupValueLike, 'attributes'> & { code?: string | undefined },
): boolean {
  if (ref.codes && !(v.code !== undefined && ref.codes.includes(v.code))) return false;
  return Object.entries(ref.where ?? {}).every(([k, want]) => v.attributes[k] === want);
}

/** A value the field may be given: offered now, on the list, of the kind the field asks for. */
export type TLookupStatus = 'active' | 'retired' | 'unknown';

/**
 * Answers for a field's value: 'active' (offered), 'retired' (on the list but no longer offered), 'unknown'
 * (not on the list, or not of the kind asked); undefined when the checker does not hold the list (the browser
 * before it loads): the other side decides.
 */
export type TLookupChecker = (ref: TLookupRef, value: string) => TLookupStatus | undefined;

/** A checker over lists held in memory: the browser's loaded lists, a test's fixture. */
export function lookupCheckerOf(lists: Partial<Record<TLookupKey, readonly TLookupValueLike[]>>, today: string): TLookupChecker {
  return (ref, value) => {
    const values = lists[ref.key];
    if (!values) return undefined;
    const wanted = value.trim().toUpperCase();
    const found = values.find((v) => (lookupStoredValue(ref, v) ?? '').toUpperCase() === wanted && lookupValueFits(ref, v));
    if (!found) return 'unknown';
    return isLookupValueActive(found, today) ? 'active' : 'retired';
  };
}

export const LOOKUP_MSG = {
  notInList: 'Choose one of the values listed.',
  retired: 'This value is no longer offered. Choose another.',
  listClosed: 'This list holds SEVIS’s codes only: the office cannot add values to it.',
  codeTaken: 'This list already has a value with this code (perhaps retired: restore it instead).',
  codeFormat: 'Use 1 to 20 letters, digits, spaces or . _ / - (starting with a letter or digit).',
  codeRequired: 'Enter the code.',
  labelRequired: 'Enter the label people see.',
  attributeRequired: (label: string) => `Enter the ${label}.`,
  attributeNotInList: (label: string) => `The ${label} must be one of the values offered in its list.`,
  attributesOfficial: 'SEVIS’s values keep their attributes; only the label can change.',
  retireBeforeStart: 'The value cannot be retired before the day it is first offered.',
  notRetired: 'This value is not retired.',
  reorderOther: 'Reorder values of this list only.',
  includeRetiredManagers: 'Only the office’s list managers see retired values.',
} as const;

/** The message for a field's value, or null when it may be kept. */
export function lookupIssue(status: TLookupStatus | undefined): string | null {
  if (status === 'unknown') return LOOKUP_MSG.notInList;
  if (status === 'retired') return LOOKUP_MSG.retired;
  return null;
}

/**
 * Lists whose codes are Meridian's own keys, not codes anyone reads (highest education's 1 to 9, a J-1 scholar
 * category's name in capitals), or SEVIS codes the word says all of (full time 01, part time 02): their options show
 * the label alone.
 */
export const LOOKUP_KEYS_WITHOUT_SHOWN_CODES: ReadonlySet<TLookupKey> = new Set<TLookupKey>([
  'highest-education',
  'scholar-categories',
  'employment-times',
]);

/**
 * An option as forms draw it: the label, then the stored value in brackets ("Massachusetts (MA)"); the label
 * alone for a list whose codes nobody reads (LOOKUP_KEYS_WITHOUT_SHOWN_CODES).
 */
export function lookupOptionLabel(label: string, stored: string, key?: TLookupKey): string {
  if (label && key && LOOKUP_KEYS_WITHOUT_SHOWN_CODES.has(key)) return label;
  return label && label !== stored ? `${label} (${stored})` : stored;
}
