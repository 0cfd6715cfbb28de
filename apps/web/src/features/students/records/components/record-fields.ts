import {
  ENDING_STATUSES,
  SEVIS_STATUSES,
  statusReasonLookup,
  STUDENT_VISA_TYPES,
  studentsApi,
  type TCampusSite,
  type TLookupRef,
  textOf,
} from '@meridian/domain';
import { money } from './record-format';
import type { TFieldDef } from './record-section';

const L = studentsApi.STUDENT_FIELD_LABELS;
const f = (name: string, extra: Partial<TFieldDef> = {}): TFieldDef => ({ name, label: L[name] ?? name, ...extra });
/** Countries are kept by their ISO code; the choices are SEVIS's countries (docs/product/lookups.md#how-forms-use-the-lists). */
export const BIRTH_COUNTRIES: TLookupRef = { key: 'birth-countries', by: 'iso' };
export const RESIDENCE_COUNTRIES: TLookupRef = { key: 'citizenship-countries', by: 'iso' };
const STUDENT_CIP: TLookupRef = { key: 'subject-fields', where: { student: 'Y' } };
const country = (name: string, lookup: TLookupRef, required = false) => f(name, { kind: 'lookup', lookup, required });
/** The record's addresses: a U.S. address's state and a foreign address's country from the office's lists. */
export const US_ADDRESS_LOOKUPS: NonNullable<TFieldDef['addressLookups']> = { state: { key: 'us-states' } };
export const FOREIGN_ADDRESS_LOOKUPS: NonNullable<TFieldDef['addressLookups']> = { countryCode: RESIDENCE_COUNTRIES };

export const IDENTITY_FIELDS: TFieldDef[] = [
  f('firstName', { required: true, maxLength: 60 }),
  f('middleName', { maxLength: 60 }),
  f('lastName', { required: true, maxLength: 60 }),
  // SEVIS's name suffixes (Table 37), from the office's list.
  f('suffix', { kind: 'lookup', lookup: { key: 'name-suffixes' } }),
  // SEVIS's gender codes (Table 36), from the office's list; an exchange visitor's only those for one (identityFields).
  f('gender', { kind: 'lookup', lookup: studentsApi.GENDER_LOOKUP }),
  f('birthDate', { kind: 'date', required: true }),
  f('birthCity', { maxLength: 60 }),
  country('birthCountryCode', BIRTH_COUNTRIES),
  country('citizenshipCountryCode', RESIDENCE_COUNTRIES, true),
  country('permanentResidenceCountryCode', RESIDENCE_COUNTRIES),
];

/** The identity fields of a record of this visa type: an exchange visitor's gender is M or F (SEVIS Table 36). */
export const identityFields = (visaType: string): TFieldDef[] =>
  visaType === 'J-1'
    ? IDENTITY_FIELDS.map((x) => (x.name === 'gender' ? { ...x, lookup: studentsApi.genderLookup(visaType) } : x))
    : IDENTITY_FIELDS;

export const CONTACT_FIELDS: TFieldDef[] = [
  f('email', { required: true, maxLength: 65 }),
  // No length cap on what is typed: punctuation comes out on saving (docs/product/ui.md#digits-amounts-and-text).
  f('phone', {
    maxLength: 20,
    helper: '10 digits, e.g. 217-555-0199',
    show: (v) => {
      const s = textOf(v ?? '');
      return /^\d{10}$/.test(s) ? `(${s.slice(0, 3)}) ${s.slice(3, 6)}-${s.slice(6)}` : s;
    },
  }),
  f('foreignPhoneCountryCode', { maxLength: 5, helper: 'Country calling code, e.g. 91 or +91' }),
  f('foreignPhone', { maxLength: 20, helper: 'SEVIS needs a U.S. or a foreign phone' }),
  f('usAddress', { kind: 'address', addressLookups: US_ADDRESS_LOOKUPS }),
  f('foreignAddress', { kind: 'address', addressLookups: FOREIGN_ADDRESS_LOOKUPS }),
];

export const sevisFields = (sites: TCampusSite[]): TFieldDef[] => [
  f('sevisId', { maxLength: 11, helper: 'N followed by 10 digits' }),
  f('campusId', { maxLength: 30 }),
  f('visaType', { kind: 'select', options: STUDENT_VISA_TYPES.map((v) => ({ value: v, label: v })) }),
  f('sevisStatus', { kind: 'select', options: SEVIS_STATUSES.map((v) => ({ value: v, label: v })) }),
  f('sevisStatusDate', { kind: 'date' }),
  f('campusSiteId', {
    kind: 'select',
    options: sites.map((s) => ({ value: String(s.id), label: s.name })),
    // An inactive site is offered only to the record already at it (docs/product/people.md#campus-sites).
    optionsOf: (v) => {
      const current = typeof v.campusSiteId === 'number' || typeof v.campusSiteId === 'string' ? String(v.campusSiteId) : '';
      return sites.filter((s) => s.isActive || String(s.id) === current).map((s) => ({ value: String(s.id), label: s.name }));
    },
    show: (_v, r) => r.campusSiteName ?? '',
  }),
  f('portOfEntry', { maxLength: 60 }),
  f('entryDate', { kind: 'date' }),
  f('portalAccess', {
    kind: 'select',
    options: [
      { value: '0', label: 'No portal access' },
      { value: '1', label: 'May sign in to the portal' },
    ],
  }),
];

export const TRANSFER_FIELDS: TFieldDef[] = [
  f('transferDirection', {
    kind: 'select',
    options: [
      { value: '', label: 'No transfer' },
      { value: 'in', label: 'Transfer in' },
      { value: 'out', label: 'Transfer out' },
    ],
  }),
  f('transferSchool', { maxLength: 120 }),
  f('transferReleaseDate', { kind: 'date' }),
];

export const PROGRAM_FIELDS: TFieldDef[] = [
  f('educationLevel', { kind: 'lookup', lookup: { key: 'education-levels' } }),
  f('major1Code', { kind: 'lookup', lookup: STUDENT_CIP }),
  f('major2Code', { kind: 'lookup', lookup: STUDENT_CIP }),
  f('minorCode', { kind: 'lookup', lookup: STUDENT_CIP }),
  f('programStartDate', { kind: 'date', required: true }),
  f('programEndDate', { kind: 'date', required: true }),
];

export const DOCUMENT_FIELDS: TFieldDef[] = [
  f('documentIssueDate', { kind: 'date' }),
  f('documentIssueReason', { maxLength: 200, wide: true }),
];

export const SESSION_FIELDS: TFieldDef[] = [
  f('sessionStartDate', { kind: 'date' }),
  f('sessionEndDate', { kind: 'date' }),
  f('isLastSession', { kind: 'bool' }),
  f('isRegistered', { kind: 'bool' }),
];

export const EV_FIELDS: TFieldDef[] = [
  f('evCategoryCode', { kind: 'lookup', lookup: { key: 'ev-categories' }, required: true }),
  f('subjectFieldCode', { kind: 'lookup', lookup: { key: 'subject-fields', where: { ev: 'Y' } } }),
];

/**
 * What SEVIS asks only when it issues a new I-20 (a new record, or a change of education level):
 * English proficiency and the length of the academic term. Changing them sends nothing by itself.
 */
export const NEW_I20_FIELDS: TFieldDef[] = [
  f('englishRequired', { kind: 'yesno', helper: 'Does the program require English proficiency?' }),
  f('englishRequirementsMet', { kind: 'yesno', helper: 'Answer when proficiency is required' }),
  f('academicTermMonths', { kind: 'number', nullable: true, maxLength: 2, helper: 'Months in the academic term, 1 to 12 (e.g. 9)' }),
  f('englishNotRequiredReason', {
    maxLength: 500,
    wide: true,
    helper: 'Required when proficiency is not required, e.g. native speaker, completed a U.S. degree',
  }),
];

/** What SEVIS asks only when it issues a new DS-2019: the exchange visitor's position and U.S. government funding. */
export const NEW_DS2019_FIELDS: TFieldDef[] = [
  f('evPositionCode', { maxLength: 3, helper: 'SEVIS position code, 3 digits (e.g. 213)' }),
  f('receivedUsGovtFunds', { kind: 'yesno', helper: 'Any U.S. government agency funding of the program' }),
];

/** Financial support: one number field per line; stored under financials.{key}. */
export const FINANCIAL_FIELDS: TFieldDef[] = studentsApi.FINANCIAL_FIELDS.map((x) => ({
  name: x.key,
  label: x.label,
  kind: 'number' as const,
  maxLength: 7,
  helper: 'Whole dollars',
  show: (_v: unknown, r: { financials: Record<string, unknown> }) => money(r.financials[x.key]),
}));

/**
 * Ending a record asks the SEVIS reason the Status event carries (docs/product/students-records.md#sevis-status):
 * Terminated a SEVIS Table 13 reason (J-1: Table 24), Canceled a SEVIS Table 10 reason; Completed none. The
 * reasons are the office's lists (docs/product/lookups.md#how-forms-use-the-lists).
 */
export const statusReasonFields = (visaType: string, status: string): TFieldDef[] => {
  const ending = (v: Record<string, unknown>) => v.sevisStatus !== status && ENDING_STATUSES.some((s) => s === v.sevisStatus);
  return [
    {
      name: 'sevisStatusReasonCode',
      label: 'SEVIS reason',
      kind: 'lookup',
      required: true,
      editOnly: true,
      showWhen: (v) => ending(v) && statusReasonLookup(visaType, String(v.sevisStatus)) !== null,
      lookupOf: (v) => statusReasonLookup(visaType, String(v.sevisStatus)),
      helper: 'Sent to SEVIS with the status change',
    },
    { name: 'sevisStatusRemarks', label: 'Remarks for SEVIS', maxLength: 500, editOnly: true, showWhen: ending, wide: true },
  ];
};
