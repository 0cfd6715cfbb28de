import {
  EDUCATION_LEVELS,
  ENDING_STATUSES,
  EV_CATEGORIES,
  SEVIS_STATUSES,
  statusReasonCodes,
  STUDENT_VISA_TYPES,
  studentsApi,
  type TCampusSite,
  textOf,
} from '@meridian/domain';
import { educationLabel, evCategoryLabel, GENDERS, money } from './record-format';
import type { TFieldDef } from './record-section';

const L = studentsApi.STUDENT_FIELD_LABELS;
const f = (name: string, extra: Partial<TFieldDef> = {}): TFieldDef => ({ name, label: L[name] ?? name, ...extra });
const country = (name: string, required = false) => f(name, { maxLength: 2, helper: 'Two-letter code, e.g. IN', required });

export const IDENTITY_FIELDS: TFieldDef[] = [
  f('firstName', { required: true, maxLength: 60 }),
  f('middleName', { maxLength: 60 }),
  f('lastName', { required: true, maxLength: 60 }),
  f('suffix', { maxLength: 10 }),
  f('gender', { kind: 'select', options: [{ value: '', label: 'Not given' }, ...GENDERS] }),
  f('birthDate', { kind: 'date', required: true }),
  f('birthCity', { maxLength: 60 }),
  country('birthCountryCode'),
  country('citizenshipCountryCode', true),
  country('permanentResidenceCountryCode'),
];

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
  f('usAddress', { kind: 'address' }),
  f('foreignAddress', { kind: 'address' }),
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
  f('educationLevel', {
    kind: 'select',
    options: [{ value: '', label: 'Not given' }, ...EDUCATION_LEVELS.map((e) => ({ value: e.code, label: educationLabel(e.code) }))],
  }),
  f('major1Code', { maxLength: 20, helper: 'CIP code, e.g. 11.0701' }),
  f('major2Code', { maxLength: 20 }),
  f('minorCode', { maxLength: 20 }),
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
  f('evCategoryCode', {
    kind: 'select',
    required: true,
    options: EV_CATEGORIES.map((c) => ({ value: c.code, label: evCategoryLabel(c.code) })),
  }),
  f('subjectFieldCode', { maxLength: 20, helper: 'CIP code, e.g. 26.0101' }),
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
 * Terminated a SEVIS Table 13 reason (J-1: Table 24), Canceled a SEVIS Table 10 reason; Completed none.
 */
export const statusReasonFields = (visaType: string, status: string): TFieldDef[] => {
  const ending = (v: Record<string, unknown>) => v.sevisStatus !== status && ENDING_STATUSES.some((s) => s === v.sevisStatus);
  return [
    {
      name: 'sevisStatusReasonCode',
      label: 'SEVIS reason',
      kind: 'select',
      required: true,
      editOnly: true,
      showWhen: (v) => ending(v) && statusReasonCodes(visaType, String(v.sevisStatus)).length > 0,
      optionsOf: (v) => statusReasonCodes(visaType, String(v.sevisStatus)).map((c) => ({ value: c.code, label: `${c.code} ${c.label}` })),
      helper: 'Sent to SEVIS with the status change',
    },
    { name: 'sevisStatusRemarks', label: 'Remarks for SEVIS', maxLength: 500, editOnly: true, showWhen: ending, wide: true },
  ];
};
