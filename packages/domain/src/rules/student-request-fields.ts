import { digitsTyped, phoneDigitsTyped } from './typed-numbers.js';
import { z } from 'zod';
import { MSG } from '../messages.js';
import { lookupIssue, type TLookupChecker, type TLookupRef } from './lookup-values.js';
import { dependentSevisIssues, type TDependentFacts } from './sevis-entry-rules.js';
import {
  asOptions,
  DEPENDENT_END_OTHER,
  EV_SHORTEN_REASONS,
  F1_TERMINATION_NEEDS_REMARKS,
  F2_END_LOOKUP,
  J1_TERMINATION_NEEDS_REMARKS,
  J2_END_LOOKUP,
  MATRICULATION_CODES,
} from '../catalog/sevis-request-codes.js';
import { EMPLOYMENT_TIME_LOOKUP, EV_TERMINATION_LOOKUP, F1_TERMINATION_LOOKUP } from '../catalog/sevis-reason-codes.js';
import { configureFields, type TRoleFieldSettings } from './field-configuration.js';
import { EV_GENDER_LOOKUP, GENDER_LOOKUP } from './student-record-values.js';

/**
 * The student request forms (CPT, OPT, STEM, RCL, COL, transfer-in, extension, registration, on-campus
 * employment) and their field rules (docs/product/students-requests.md#field-rules). The browser draws its
 * forms from STUDENT_REQUEST_FORMS and checks with validateStudentRequestData; the server runs the same
 * function on save (draft) and submit, so both say the same words.
 * Dates in the data are ISO YYYY-MM-DD; the browser shows them MM/DD/YYYY.
 */
export const STUDENT_REQUEST_CODES = [
  'cpt_request',
  'opt_request',
  'opt_employer_update',
  'opt_stem_extend',
  'rcl_request',
  'col_request',
  'transfer_in',
  'program_extension',
  'registration_request',
  'on_campus_employment_request',
  'complete_program_request',
  'shorten_program_request',
  'cancel_request',
  'defer_attendance_request',
  'reinstatement',
  'transfer_out',
  'demographic_update',
  'contact_info_update',
  'financial_info_update',
  'program_info_update',
  'dependent_info_update',
  // docs/product/students-requests.md#the-catalogue: a J-1 student's matriculation, the office's termination of a
  // record (started by staff, never offered to the student), and several dependents in one request.
  'matriculation_request',
  'terminate_request',
  'dependent_info_multi',
] as const;
export const ZStudentRequestCode = z.enum(STUDENT_REQUEST_CODES);
export type TStudentRequestCode = z.infer<typeof ZStudentRequestCode>;

export function isStudentRequestCode(code: string): code is TStudentRequestCode {
  return (STUDENT_REQUEST_CODES as readonly string[]).includes(code);
}

/**
 * Student request types only the office starts, for a student and about their record, whatever the type's configured
 * starters say: the office fills them in, submits and decides them, and the student never sees them as startable
 * nor reads them (docs/product/students-requests.md#the-offices-own-requests).
 */
export const OFFICE_STUDENT_REQUEST_CODES: readonly TStudentRequestCode[] = ['terminate_request'];
export const isOfficeStudentRequest = (code: string): boolean => (OFFICE_STUDENT_REQUEST_CODES as readonly string[]).includes(code);

export type TStudentRequestData = Record<string, unknown>;
/**
 * 'dependent': one of the student's dependents on record (its id) or NEW_DEPENDENT, the choices drawn from the context.
 * 'rows': a list of rows, each with the field's rowFields (the dependents of a Several Dependents request).
 */
export type TStudentRequestFieldKind =
  'text' | 'textarea' | 'digits' | 'phone' | 'email' | 'date' | 'select' | 'checkbox' | 'money' | 'number' | 'dependent' | 'rows';
/** The student visas a request form serves (docs/product/students-requests.md#exchange-visitor-variants). */
export type TStudentVisa = 'F-1' | 'J-1';
export type TStudentRequestField = {
  name: string;
  label: string;
  kind: TStudentRequestFieldKind;
  /** For a row's field, `data` is the row. */
  required?: boolean | ((data: TStudentRequestData) => boolean);
  maxLength?: number;
  options?: { value: string; label: string }[];
  /** The office's code list the choices come from (docs/product/lookups.md#how-forms-use-the-lists); `options` are then drawn from it. */
  lookup?: TLookupRef;
  help?: string;
  /** Only for students of these visas (both when absent): the F-1-only and J-1-only fields of a form that serves both. */
  visas?: readonly TStudentVisa[];
  /** What differs for an exchange visitor (J-1): SEVIS's exchange visitor code table, a remark SEVIS asks of them... */
  ev?: Partial<Pick<TStudentRequestField, 'label' | 'help' | 'kind' | 'options' | 'lookup' | 'required' | 'maxLength'>>;
  /** kind 'rows': the fields of each row, and at most how many rows. */
  rowFields?: TStudentRequestField[];
  maxRows?: number;
};
/**
 * A section may say what the office does with it where that is not obvious (e.g. a step done in SEVIS RTI);
 * `evNote` says it for an exchange visitor where it differs.
 */
export type TStudentRequestSection = { title: string; note?: string; evNote?: string; fields: TStudentRequestField[] };
export type TStudentRequestForm = { title: string; sections: TStudentRequestSection[] };
/** A dependent on the student's record, as the Dependent Information Update offers it (active ones only). */
export type TStudentRequestDependent = {
  id: string;
  /** Null until SEVIS has created the dependent. */
  sevisId: string | null;
  firstName: string;
  lastName: string;
  /** 01 spouse, 02 child (SEVIS Table 35). */
  relationshipCode: string;
  gender: string;
  birthDate: string | null;
  birthCity: string;
  birthCountryCode: string;
  citizenshipCountryCode: string;
  permanentResidenceCountryCode: string;
};
export type TStudentRequestContext = {
  /** YYYY-MM-DD */
  today: string;
  programStartDate?: string | null;
  programEndDate?: string | null;
  sessionEndDate?: string | null;
  /** The student's visa type: an F-1's dependents are F-2, a J-1's J-2 (their SEVIS rules differ). */
  visaType?: string | null;
  /** The student's active dependents: what a Dependent Information Update may change. */
  dependents?: readonly TStudentRequestDependent[] | null;
  /** The office's field configuration for the role filling in or reading the form, by form code (rules/field-configuration.ts). */
  fieldSettings?: TRoleFieldSettings | null | undefined;
  /** Whether a value is offered by its field's code list today (rules/lookup-values.ts); without it the lists are not checked. */
  lookups?: TLookupChecker | null | undefined;
};

/** The Dependent Information Update's choice for a dependent not yet on the record. */
export const NEW_DEPENDENT = 'new';
/** The Dependent Information Update's fields and the dependent's columns they set. */
export const DEPENDENT_REQUEST_FIELDS = {
  dependent_first_name: 'firstName',
  dependent_last_name: 'lastName',
  dependent_relationship: 'relationshipCode',
  dependent_gender: 'gender',
  dependent_birth_date: 'birthDate',
  dependent_birth_city: 'birthCity',
  dependent_birth_country: 'birthCountryCode',
  dependent_citizenship_country: 'citizenshipCountryCode',
  dependent_residence_country: 'permanentResidenceCountryCode',
} as const satisfies Record<string, keyof TStudentRequestDependent>;
export type TDependentRequestColumn = (typeof DEPENDENT_REQUEST_FIELDS)[keyof typeof DEPENDENT_REQUEST_FIELDS];

/** How a dependent on record is offered: name, relationship and, where SEVIS has created it, its SEVIS ID. */
export function dependentChoiceLabel(d: Pick<TStudentRequestDependent, 'firstName' | 'lastName' | 'relationshipCode' | 'sevisId'>): string {
  const relation = d.relationshipCode === '01' ? 'spouse' : d.relationshipCode === '02' ? 'child' : 'dependent';
  return `${`${d.firstName} ${d.lastName}`.trim()} (${relation}, ${d.sevisId ? `SEVIS ID ${d.sevisId}` : 'no SEVIS ID yet'})`;
}
/** The choices of a Dependent Information Update: each dependent on record, then a new one. */
export function dependentChoiceOptions(
  dependents: readonly TStudentRequestDependent[] | null | undefined,
): { value: string; label: string }[] {
  return [...(dependents ?? []).map((d) => ({ value: d.id, label: dependentChoiceLabel(d) })), ...NEW_DEPENDENT_OPTION];
}
const NEW_DEPENDENT_OPTION = [{ value: NEW_DEPENDENT, label: 'Add a new dependent' }];

/**
 * What a Dependent Information Update asks for: the dependent on record it changes (null: a new one) and
 * the columns it sets, from the fields filled in. For a dependent on record an empty field keeps what the
 * record holds, and `changed` lists the columns whose value differs from it.
 */
export function dependentRequestChange(
  data: TStudentRequestData,
  dependents: readonly TStudentRequestDependent[],
): {
  choice: string;
  existing: TStudentRequestDependent | null;
  values: Partial<Record<TDependentRequestColumn, string>>;
  changed: TDependentRequestColumn[];
} {
  const choice = asText(data.dependent_id) ?? '';
  const existing = choice && choice !== NEW_DEPENDENT ? (dependents.find((d) => d.id === choice) ?? null) : null;
  const values: Partial<Record<TDependentRequestColumn, string>> = {};
  for (const [field, column] of Object.entries(DEPENDENT_REQUEST_FIELDS)) {
    const v = asText(data[field]);
    if (v) values[column] = v;
  }
  const changed = (Object.keys(values) as TDependentRequestColumn[]).filter((k) => !existing || String(existing[k] ?? '') !== values[k]);
  return { choice, existing, values, changed };
}

/**
 * Messages of these rules (docs/product/students-requests.md#saving-and-submitting): the generic field messages, and
 * sentences of ours where a rule needs one.
 */
export const REQUEST_FIELD_MSG = {
  required: MSG.required,
  invalidValue: MSG.invalidValue,
  invalidLength: MSG.invalidLength,
  invalidEmail: MSG.invalidEmail,
  invalidPhone: MSG.invalidPhone,
  invalidNumber: MSG.invalidNumber,
  invalidDate: MSG.invalidDate,
  countryCode: 'Use the two-letter country code (e.g. IN for India), not the country name.',
  phoneSet: 'Enter a U.S. phone number, or a foreign phone number with its country code, or tick "I do not have a phone".',
  fullTimeOnly: 'Employment on OPT must be at least 20 hours a week (full time).',
  endBeforeStart: 'The end date must be on or after the start date.',
  newEndNotLater: (currentEnd: string) => `The new program end date must be after your current program end date (${usDate(currentEnd)}).`,
  newEndTooLate: (limit: string, currentEnd: string) =>
    `The new program end date can be at most one year after your current program end date (${usDate(currentEnd)}), so no later than ${usDate(limit)}.`,
  sessionStartBeforeProgram: (programStart: string) =>
    `The session start date must be on or after your program start date (${usDate(programStart)}).`,
  sessionEndBeforeStart: 'The session end date must be on or after the session start date.',
  sessionEndPast: 'The session end date cannot be in the past.',
  nextSessionBeforeEnd: (sessionEnd: string) =>
    `The next session must start on or after the current session end date (${usDate(sessionEnd)}).`,
  nextSessionPast: 'The next session start date cannot be in the past.',
  dependentNotOnRecord: 'Choose one of the dependents on your record, or add a new dependent.',
  endNotEarlier: (currentEnd: string) => `The date must be before your current program end date (${usDate(currentEnd)}).`,
  endBeforeProgramStart: (programStart: string) => `The date must be on or after your program start date (${usDate(programStart)}).`,
  startNotLater: (programStart: string) => `The new program start date must be after your current one (${usDate(programStart)}).`,
} as const;

const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
/** The office's code lists these forms draw from (docs/product/lookups.md#how-forms-use-the-lists): records keep a country's ISO code. */
const US_STATE_LOOKUP: TLookupRef = { key: 'us-states' };
const STUDENT_CIP_LOOKUP: TLookupRef = { key: 'subject-fields', where: { student: 'Y' } };
const BIRTH_COUNTRY_LOOKUP: TLookupRef = { key: 'birth-countries', by: 'iso' };
const RESIDENCE_COUNTRY_LOOKUP: TLookupRef = { key: 'citizenship-countries', by: 'iso' };
/**
 * Full or part time (SEVIS Table 6) counts hours differently for CPT and OPT, so each field's help says it: CPT is
 * full time above 20 hours a week (SEVP's CPT guidance; 12 months of full-time CPT end OPT eligibility,
 * 8 CFR 214.2(f)(10)(i)); on OPT 20 hours or more is employment (8 CFR 214.2(f)(10)(ii)(E)).
 */
const CPT_TIME_HELP =
  'Full time is more than 20 hours a week, part time 20 hours or less. Twelve months or more of full-time CPT end your eligibility for OPT.';
const OPT_TIME_HELP = 'Full time is 20 hours a week or more, part time less than 20.';
const OPT_EMPLOYER_TIME_HELP = 'Full time is 20 hours a week or more, part time less than 20. Employment on OPT must be full time.';
/** The seed of the office's `us-states` list: what the batch upload's rows are checked against where no list is read (docs/product/lookups.md#written-in-code-on-purpose). */
export const US_STATE_OPTIONS = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
].map((s) => ({ value: s, label: s }));

const hasValue = (data: TStudentRequestData, name: string) => !isEmptyValue(data[name]);
const hasUsAddress = (d: TStudentRequestData) => ['us_address_line_1', 'us_city', 'us_state', 'us_zip_code'].some((k) => hasValue(d, k));
/** Any field about the dependent is filled in: the update is about a dependent, which must be chosen. */
const hasDependent = (d: TStudentRequestData) => Object.keys(DEPENDENT_REQUEST_FIELDS).some((k) => hasValue(d, k));
/** A new dependent needs what SEVIS's Dependent Add requires; for one on record only the changes are given. */
const isNewDependent = (d: TStudentRequestData) => asText(d.dependent_id) === NEW_DEPENDENT;
const phoneRequired = (data: TStudentRequestData) =>
  !isChecked(data.no_phone) && !(hasValue(data, 'foreign_phone_number') || hasValue(data, 'foreign_country_number'));
/** A foreign number needs its country code and the other way round (unless a U.S. number or no phone). */
const foreignPartRequired = (other: string) => (data: TStudentRequestData) =>
  !isChecked(data.no_phone) && !hasValue(data, 'phone_number') && hasValue(data, other);

const contactFields: TStudentRequestField[] = [
  { name: 'user_email', label: 'E-mail', kind: 'email', required: true, maxLength: 65 },
  {
    name: 'phone_number',
    label: 'U.S. phone number',
    kind: 'phone',
    required: phoneRequired,
    maxLength: 10,
    help: '10 digits. No U.S. number? Give a foreign number with its country code, or tick "I do not have a phone".',
  },
  {
    name: 'foreign_country_number',
    label: 'Country calling code',
    kind: 'phone',
    required: foreignPartRequired('foreign_phone_number'),
    maxLength: 4,
    help: 'e.g. 91',
  },
  {
    name: 'foreign_phone_number',
    label: 'Foreign phone number',
    kind: 'phone',
    required: foreignPartRequired('foreign_country_number'),
    maxLength: 20,
  },
  { name: 'no_phone', label: 'I do not have a phone', kind: 'checkbox' },
];
const employerAddressFields: TStudentRequestField[] = [
  { name: 'employer_address_line_1', label: 'Employer address line 1', kind: 'text', required: true, maxLength: 60 },
  { name: 'employer_address_line_2', label: 'Employer address line 2', kind: 'text', maxLength: 60 },
  { name: 'employer_city', label: 'City', kind: 'text', required: true, maxLength: 60 },
  { name: 'employer_state', label: 'State', kind: 'select', required: true, lookup: US_STATE_LOOKUP },
  { name: 'employer_zip_code', label: 'ZIP code', kind: 'digits', required: true, maxLength: 5 },
];
const remarks: TStudentRequestField = {
  name: 'student_remarks',
  label: 'Remarks for the office',
  kind: 'textarea',
  maxLength: 1000,
};

/** The funding of an I-20 (SEVIS FinancialInfo): the amounts, each school or other source with its kind. */
const fundingFields: TStudentRequestField[] = [
  { name: 'personal_funds', label: 'Personal funds (USD)', kind: 'money' },
  {
    name: 'school_funding',
    label: 'Funds from this school (USD)',
    kind: 'money',
    ev: { label: 'Funds from this school, your program sponsor (USD)' },
  },
  {
    name: 'school_funding_remarks',
    label: 'Kind of school funding',
    kind: 'textarea',
    maxLength: 500,
    required: (d) => positiveAmount(d.school_funding),
  },
  { name: 'other_funding', label: 'Funds from other sources (USD)', kind: 'money' },
  {
    name: 'other_funding_remarks',
    label: 'Other sources',
    kind: 'textarea',
    maxLength: 500,
    required: (d) => positiveAmount(d.other_funding),
    // The exchange visitor batch sends another source as OtherFunds/Other: its Name (at most 60) and amount (SEVIS S2226).
    ev: { label: 'Name of the other source', kind: 'text', maxLength: 60 },
  },
];

/** At most this many dependents in one Several Dependents request. */
export const DEPENDENT_ROWS_MAX = 10;
/** What a row of a Several Dependents request does to its dependent. */
export const DEPENDENT_CHANGES = ['add', 'update', 'end'] as const;
export type TDependentChange = (typeof DEPENDENT_CHANGES)[number];
const DEPENDENT_CHANGE_OPTIONS: { value: TDependentChange; label: string }[] = [
  { value: 'add', label: 'Add a new spouse or child' },
  { value: 'update', label: 'Change the details of a dependent on my record' },
  { value: 'end', label: 'End the status of a dependent on my record' },
];

/**
 * A dependent's facts as the dependent requests ask them (the columns of DEPENDENT_REQUEST_FIELDS), all that
 * SEVIS's Dependent Add needs when `isNew`; a J-2 also needs the DS-2019's purpose (exchange visitor schema
 * Dependent/Add FormPurpose, EVPrintReasonType 06 / 08).
 */
function dependentBioFields(isNew: (d: TStudentRequestData) => boolean): TStudentRequestField[] {
  return [
    { name: 'dependent_first_name', label: 'Given name', kind: 'text', maxLength: 60, required: isNew },
    { name: 'dependent_last_name', label: 'Family name', kind: 'text', maxLength: 60, required: isNew },
    {
      name: 'dependent_relationship',
      label: 'Relationship',
      kind: 'select',
      required: isNew,
      options: [
        { value: '01', label: 'Spouse' },
        { value: '02', label: 'Child' },
      ],
    },
    // SEVIS Dependent Add (NonImgBioType) requires Gender.
    {
      name: 'dependent_gender',
      label: 'Gender',
      kind: 'select',
      required: isNew,
      options: [
        { value: 'F', label: 'Female' },
        { value: 'M', label: 'Male' },
      ],
    },
    { name: 'dependent_birth_date', label: 'Birth date', kind: 'date', required: isNew },
    // The exchange visitor schema's Dependent/Add (NonImgBioType) requires the birth city and country of permanent residence.
    { name: 'dependent_birth_city', label: 'Birth city', kind: 'text', maxLength: 60, ev: { required: isNew } },
    {
      name: 'dependent_birth_country',
      label: 'Birth country',
      kind: 'select',
      maxLength: 2,
      required: isNew,
      lookup: BIRTH_COUNTRY_LOOKUP,
    },
    {
      name: 'dependent_citizenship_country',
      label: 'Citizenship',
      kind: 'select',
      maxLength: 2,
      required: isNew,
      lookup: RESIDENCE_COUNTRY_LOOKUP,
    },
    {
      name: 'dependent_residence_country',
      label: 'Country of permanent residence',
      kind: 'select',
      maxLength: 2,
      lookup: RESIDENCE_COUNTRY_LOOKUP,
      ev: { required: isNew },
    },
    {
      name: 'dependent_form_purpose',
      label: "Purpose of the dependent's DS-2019",
      kind: 'select',
      required: isNew,
      lookup: { key: 'ev-print-reasons' },
      visas: ['J-1'],
    },
  ];
}

export const STUDENT_REQUEST_FORMS: Record<TStudentRequestCode, TStudentRequestForm> = {
  cpt_request: {
    title: 'Curricular Practical Training (CPT)',
    sections: [
      {
        title: 'Employer',
        fields: [
          {
            name: 'employer_name',
            label: 'Employer name',
            kind: 'text',
            required: true,
            maxLength: 60,
            help: "Letters, digits, spaces and , . / : ' # & -",
          },
          {
            name: 'employer_ein',
            label: 'Employer EIN',
            kind: 'digits',
            maxLength: 9,
            help: '9 digits, e.g. 12-3456789 (on the offer letter or a pay slip).',
          },
          {
            name: 'employer_job_title',
            label: 'Job title',
            kind: 'text',
            required: true,
            maxLength: 60,
            help: 'Letters, digits, commas and spaces.',
          },
          { name: 'supervisor_name', label: 'Supervisor name', kind: 'text', required: true, maxLength: 60 },
          {
            name: 'supervisor_phone',
            label: 'Supervisor phone',
            kind: 'phone',
            required: true,
            maxLength: 10,
            help: '10 digits, e.g. 217-555-0199.',
          },
        ],
      },
      {
        title: 'Work address',
        fields: [
          { name: 'cpt_address_line_1', label: 'Address line 1', kind: 'text', required: true, maxLength: 60 },
          { name: 'cpt_address_line_2', label: 'Address line 2', kind: 'text', maxLength: 60 },
          { name: 'cpt_city', label: 'City', kind: 'text', required: true, maxLength: 60 },
          { name: 'cpt_state', label: 'State', kind: 'select', required: true, lookup: US_STATE_LOOKUP },
          { name: 'cpt_postal_code', label: 'ZIP code', kind: 'digits', required: true, maxLength: 5 },
          { name: 'cpt_route_code', label: 'ZIP+4', kind: 'digits', maxLength: 4 },
        ],
      },
      {
        title: 'Dates and hours',
        fields: [
          { name: 'cpt_start_date', label: 'Start date', kind: 'date', required: true },
          { name: 'cpt_end_date', label: 'End date', kind: 'date', required: true },
          {
            name: 'cpt_full_or_part_time',
            label: 'Full or part time',
            kind: 'select',
            required: true,
            lookup: EMPLOYMENT_TIME_LOOKUP,
            help: CPT_TIME_HELP,
          },
          { name: 'cpt_hours_per_week', label: 'Hours per week', kind: 'number', required: true, maxLength: 2 },
          { name: 'cpt_course', label: 'Course for which you earn credit', kind: 'text', maxLength: 60, help: 'e.g. ENGR 590 Internship' },
        ],
      },
      {
        title: 'About the training',
        fields: [
          {
            name: 'cpt_employment_comment',
            label: 'How is this work part of your curriculum?',
            kind: 'textarea',
            required: true,
            maxLength: 250,
          },
          { name: 'cpt_employment_remark', label: 'Anything else the office should know', kind: 'textarea', maxLength: 250 },
        ],
      },
    ],
  },
  opt_request: {
    title: 'Optional Practical Training (OPT)',
    sections: [
      {
        title: 'OPT',
        fields: [
          {
            name: 'opt_type',
            label: 'Type of OPT',
            kind: 'select',
            required: true,
            options: [
              { value: '01', label: 'Pre-completion' },
              { value: '02', label: 'Post-completion' },
            ],
          },
          { name: 'requested_start_date', label: 'Requested start date', kind: 'date', required: true },
          { name: 'requested_end_date', label: 'Requested end date', kind: 'date', required: true },
          // SEVIS Table 6: the OPT recommendation (OPTEmployment Add) carries FullPartTimeIndicator 01 / 02.
          {
            name: 'opt_full_or_part_time',
            label: 'Full or part time',
            kind: 'select',
            required: true,
            lookup: EMPLOYMENT_TIME_LOOKUP,
            help: OPT_TIME_HELP,
          },
        ],
      },
      { title: 'Contact', fields: contactFields },
      { title: 'Remarks', fields: [remarks] },
    ],
  },
  opt_employer_update: {
    title: 'OPT Employer Update',
    sections: [
      {
        title: 'Employer',
        fields: [
          {
            name: 'employer_name',
            label: 'Employer name',
            kind: 'text',
            required: true,
            maxLength: 60,
            help: "Letters, digits, spaces and , . / : ' # & -",
          },
          {
            name: 'employer_job_title',
            label: 'Job title',
            kind: 'text',
            required: true,
            maxLength: 60,
            help: 'Letters, digits, commas and spaces.',
          },
          { name: 'employer_ein', label: 'Employer EIN', kind: 'digits', maxLength: 9, help: '9 digits, e.g. 12-3456789.' },
          { name: 'employment_start_date', label: 'Employment start date', kind: 'date', required: true },
          { name: 'employment_end_date', label: 'Employment end date', kind: 'date' },
          {
            name: 'employer_full_or_part_time',
            label: 'Full or part time',
            kind: 'select',
            required: true,
            lookup: EMPLOYMENT_TIME_LOOKUP,
            help: OPT_EMPLOYER_TIME_HELP,
          },
          { name: 'newjobsalary', label: 'Yearly salary (USD)', kind: 'digits', maxLength: 6 },
        ],
      },
      { title: 'Employer address', fields: employerAddressFields },
      {
        title: 'Remarks',
        fields: [
          {
            name: 'employment_remarks',
            label: 'How does this job relate to your field of study?',
            kind: 'textarea',
            required: true,
            maxLength: 250,
          },
        ],
      },
    ],
  },
  opt_stem_extend: {
    title: 'STEM OPT Extension',
    sections: [
      {
        title: 'Employer',
        fields: [
          {
            name: 'employer_name',
            label: 'Employer name',
            kind: 'text',
            required: true,
            maxLength: 60,
            help: "Letters, digits, spaces and , . / : ' # & -",
          },
          {
            name: 'employer_job_title',
            label: 'Job title',
            kind: 'text',
            required: true,
            maxLength: 60,
            help: 'Letters, digits, commas and spaces.',
          },
          { name: 'employer_ein', label: 'Employer EIN', kind: 'digits', required: true, maxLength: 9, help: '9 digits, e.g. 12-3456789.' },
          { name: 'everify_number', label: 'E-Verify company identification number', kind: 'digits', required: true, maxLength: 7 },
          {
            name: 'employer_full_or_part_time',
            label: 'Full or part time',
            kind: 'select',
            required: true,
            lookup: EMPLOYMENT_TIME_LOOKUP,
            help: OPT_EMPLOYER_TIME_HELP,
          },
          { name: 'newjobsalary', label: 'Yearly salary (USD)', kind: 'digits', required: true, maxLength: 6 },
          { name: 'supervisor_name', label: 'Supervisor name', kind: 'text', required: true, maxLength: 60 },
          {
            name: 'supervisor_phone',
            label: 'Supervisor phone',
            kind: 'phone',
            required: true,
            maxLength: 10,
            help: '10 digits, e.g. 217-555-0199.',
          },
        ],
      },
      { title: 'Employer address', fields: employerAddressFields },
      {
        title: 'Extension',
        fields: [
          { name: 'requested_start_date', label: 'Requested start date', kind: 'date', required: true },
          { name: 'requested_end_date', label: 'Requested end date', kind: 'date', required: true },
          {
            name: 'evsatobjectives',
            label: 'Training objectives (Form I-983)',
            kind: 'textarea',
            required: true,
            maxLength: 1000,
            help: 'Upload the signed Form I-983 under Documents.',
          },
        ],
      },
      { title: 'Remarks', fields: [remarks] },
    ],
  },
  rcl_request: {
    title: 'Reduced Course Load (RCL)',
    sections: [
      {
        title: 'Reduced course load',
        fields: [
          {
            name: 'rcl_reason',
            label: 'Reason',
            kind: 'select',
            required: true,
            options: [
              { value: 'academic', label: 'Academic difficulty' },
              { value: 'medical', label: 'Medical condition' },
              { value: 'final_term', label: 'Final term: fewer credits needed to complete' },
            ],
          },
          { name: 'rcl_term', label: 'Term', kind: 'text', required: true, maxLength: 30, help: 'e.g. Spring 2027' },
          { name: 'rcl_start_date', label: 'Term start date', kind: 'date', required: true },
          { name: 'rcl_end_date', label: 'Term end date', kind: 'date', required: true },
          { name: 'rcl_credits', label: 'Credits you will take', kind: 'number', required: true, maxLength: 2 },
        ],
      },
      { title: 'Remarks', fields: [{ ...remarks, label: 'Explain your reason', required: true }] },
    ],
  },
  col_request: {
    title: 'Change of Level (COL)',
    sections: [
      {
        title: 'New program',
        fields: [
          {
            name: 'new_education_level',
            label: 'New education level',
            kind: 'select',
            required: true,
            lookup: { key: 'education-levels', where: { f1: 'Y' } },
          },
          { name: 'new_major', label: 'New major (CIP code)', kind: 'select', required: true, maxLength: 7, lookup: STUDENT_CIP_LOOKUP },
          { name: 'col_program_start_date', label: 'New program start date', kind: 'date', required: true },
          { name: 'col_program_end_date', label: 'New program end date', kind: 'date', required: true },
        ],
      },
      { title: 'Remarks', fields: [remarks] },
    ],
  },
  transfer_in: {
    title: 'Transfer In',
    sections: [
      {
        title: 'Previous school',
        evNote:
          "SEVIS's exchange visitor batch has no transfer: your current sponsor transfers your record to this school in SEVIS, and the office completes it there.",
        fields: [
          { name: 'previous_school_name', label: 'Previous school', kind: 'text', required: true, maxLength: 60 },
          {
            name: 'previous_school_code',
            label: 'Previous school SEVIS code',
            kind: 'text',
            maxLength: 15,
            help: 'e.g. BOS214F00123000',
            visas: ['F-1'],
          },
          {
            name: 'previous_program_number',
            label: "Previous sponsor's exchange visitor program number",
            kind: 'text',
            maxLength: 9,
            help: 'e.g. P-1-12345 (on your DS-2019).',
            visas: ['J-1'],
          },
          {
            name: 'previous_sevis_id',
            label: 'Your SEVIS ID',
            kind: 'text',
            required: true,
            maxLength: 11,
            help: 'N followed by 10 digits.',
          },
          { name: 'sevis_release_date', label: 'SEVIS release date', kind: 'date', required: true },
          { name: 'transfer_program_start_date', label: 'Program start date here', kind: 'date', required: true },
        ],
      },
      {
        title: 'Foreign address',
        fields: [
          { name: 'foreign_address_line_1', label: 'Address line 1', kind: 'text', required: true, maxLength: 60 },
          { name: 'foreign_address_line_2', label: 'Address line 2', kind: 'text', maxLength: 60 },
          { name: 'foreign_city', label: 'City', kind: 'text', required: true, maxLength: 60 },
          { name: 'foreign_state_cd', label: 'State or province', kind: 'text', maxLength: 30 },
          { name: 'foreign_zip_code', label: 'Postal code', kind: 'text', maxLength: 20 },
          {
            name: 'foreign_country',
            label: 'Country',
            kind: 'select',
            required: true,
            maxLength: 2,
            lookup: RESIDENCE_COUNTRY_LOOKUP,
          },
        ],
      },
      { title: 'Contact', fields: contactFields },
      { title: 'Remarks', fields: [remarks] },
    ],
  },
  program_extension: {
    title: 'Program Extension',
    sections: [
      {
        title: 'Extension',
        fields: [
          {
            name: 'new_program_end_date',
            label: 'New program end date',
            kind: 'date',
            required: true,
            help: 'At most one year after your current program end date.',
          },
          { name: 'reason_for_extension', label: 'Reason for the extension', kind: 'textarea', required: true, maxLength: 500 },
        ],
      },
      {
        title: 'Funding for the extra time',
        evNote: 'Show the funds for the extra time; the office updates your DS-2019 with them.',
        fields: [...fundingFields, { name: 'other_amount_remarks', label: 'Notes on the amounts', kind: 'textarea', maxLength: 500 }],
      },
    ],
  },
  registration_request: {
    title: 'Registration Request',
    sections: [
      {
        title: 'Session',
        evNote:
          'SEVIS keeps no session registration for an exchange visitor: the office records it here, and validates your participation in SEVIS if it is not validated yet.',
        fields: [
          { name: 'current_session_start_date', label: 'Current session start date', kind: 'date', required: true },
          { name: 'current_session_end_date', label: 'Current session end date', kind: 'date', required: true },
          { name: 'last_session', label: 'Is this your last session?', kind: 'select', required: true, options: YES_NO },
          {
            name: 'next_session_start_date',
            label: 'Next session start date',
            kind: 'date',
            required: (d) => d.last_session === '0' || d.last_session === 0,
          },
          { name: 'register_remarks', label: 'Remarks', kind: 'textarea', maxLength: 300 },
        ],
      },
    ],
  },
  on_campus_employment_request: {
    title: 'On-Campus Employment',
    sections: [
      {
        title: 'Job',
        evNote:
          'As an exchange visitor you may work only with the written authorization of the responsible officer, who records it in SEVIS.',
        fields: [
          { name: 'on_campus_employer_name', label: 'Department or employer', kind: 'text', required: true, maxLength: 40 },
          {
            name: 'employer_job_title',
            label: 'Job title',
            kind: 'text',
            required: true,
            maxLength: 60,
            help: 'Letters, digits, commas and spaces.',
          },
          { name: 'on_campus_start_date', label: 'Start date', kind: 'date', required: true },
          { name: 'on_campus_end_date', label: 'End date', kind: 'date' },
          { name: 'on_campus_hours_per_week', label: 'Hours per week', kind: 'number', required: true, maxLength: 3 },
          { name: 'on_campus_zip_code', label: 'Work ZIP code', kind: 'digits', maxLength: 5 },
          { name: 'employment_remarks', label: 'Remarks', kind: 'textarea', maxLength: 250 },
        ],
      },
    ],
  },

  // ---- changes to the program and the record's status (docs/product/students-requests.md#what-approval-does) ----
  complete_program_request: {
    title: 'Complete Program Early',
    sections: [
      {
        title: 'Completion',
        note: 'The office reports your new program end date to SEVIS; SEVIS completes your record after that date.',
        evNote:
          'The office shortens your program in SEVIS to the completion date, with the reason "program objectives completed early" and your words.',
        fields: [
          { name: 'completion_date', label: 'Date you complete your program', kind: 'date', required: true },
          { ...remarks, label: 'Why you finish early', required: true },
        ],
      },
    ],
  },
  shorten_program_request: {
    title: 'Shorten Program',
    sections: [
      {
        title: 'New program end',
        fields: [
          { name: 'shortened_program_end_date', label: 'New program end date', kind: 'date', required: true },
          // Exchange visitor schema Program/Shorten ShortenReason (EVCompletionCodeType): SEVIS's reason, required.
          {
            name: 'ev_shorten_reason',
            label: 'Reason (SEVIS)',
            kind: 'select',
            required: true,
            options: asOptions(EV_SHORTEN_REASONS),
            visas: ['J-1'],
          },
          { name: 'shorten_reason', label: 'Why the program is shortened', kind: 'textarea', required: true, maxLength: 500 },
        ],
      },
    ],
  },
  cancel_request: {
    title: 'Cancel Program',
    sections: [
      {
        title: 'Cancellation',
        note: 'Only a record SEVIS has not activated yet can be canceled (you have not started your program here).',
        evNote:
          'Only a record SEVIS has not validated yet can be canceled: SEVIS marks your DS-2019 invalid, with your words as the reason.',
        fields: [
          // SEVIS Table 10 (Student Cancellation Reason Codes): the Status/Cancel event's Reason (the exchange visitor batch has none).
          {
            name: 'cancel_reason',
            label: 'Reason',
            kind: 'select',
            required: true,
            visas: ['F-1'],
            options: [
              { value: '01', label: 'I will not attend' },
              { value: '02', label: 'My visa was issued for a different SEVIS ID' },
              { value: '03', label: 'I registered under a different SEVIS ID' },
              { value: '04', label: 'I arrived under a different SEVIS ID' },
              { value: '05', label: 'The record was created in error' },
              { value: '06', label: 'The offer was withdrawn' },
            ],
          },
          // An exchange visitor's Status/Invalid needs remarks (exchange visitor schema RemarksNoWSType, 1 to 500).
          { ...remarks, ev: { label: 'Why you will not take part in the program', required: true, maxLength: 500 } },
        ],
      },
    ],
  },
  defer_attendance_request: {
    title: 'Defer Attendance',
    sections: [
      {
        title: 'New program dates',
        note: 'Only a record SEVIS has not activated yet can be deferred to a later session.',
        evNote:
          'Only a record SEVIS has not validated yet can be deferred: the office amends your program dates and SEVIS issues a new DS-2019.',
        fields: [
          { name: 'deferred_program_start_date', label: 'New program start date', kind: 'date', required: true },
          { name: 'deferred_program_end_date', label: 'New program end date', kind: 'date', required: true },
          remarks,
        ],
      },
    ],
  },
  reinstatement: {
    title: 'Reinstatement',
    sections: [
      {
        title: 'Reinstatement',
        note: 'SEVIS has no batch update for reinstatement: the office records its recommendation in SEVIS RTI, and USCIS decides on your Form I-539.',
        fields: [
          { name: 'out_of_status_since', label: 'Out of status since', kind: 'date' },
          { name: 'reinstatement_reason', label: 'How you fell out of status', kind: 'textarea', required: true, maxLength: 1000 },
        ],
      },
    ],
  },
  transfer_out: {
    title: 'Transfer Out',
    sections: [
      {
        title: 'New school',
        note: 'SEVIS transfers are made in SEVIS RTI, not in a batch: the office releases your record there on the release date.',
        evNote:
          'SEVIS transfers are made in SEVIS RTI, not in a batch: the office transfers your record to the new sponsor there on the release date.',
        fields: [
          { name: 'transfer_school_name', label: 'School you transfer to', kind: 'text', required: true, maxLength: 120 },
          {
            name: 'transfer_school_code',
            label: 'Its SEVIS school code',
            kind: 'text',
            maxLength: 15,
            help: 'e.g. BOS214F00123000',
            visas: ['F-1'],
          },
          {
            name: 'transfer_program_number',
            label: 'Its exchange visitor program number',
            kind: 'text',
            maxLength: 9,
            help: 'e.g. P-1-12345 (ask the new school).',
            visas: ['J-1'],
          },
          { name: 'transfer_release_date', label: 'Release date', kind: 'date', required: true },
          { name: 'new_school_start_date', label: 'Program start at the new school', kind: 'date' },
          remarks,
        ],
      },
    ],
  },
  // ---- information updates: only the fields given change (docs/product/students-requests.md#what-approval-does) ----
  demographic_update: {
    title: 'Demographic Update',
    sections: [
      {
        title: 'New personal details',
        note: 'Fill in only what changes; the office updates your record and SEVIS.',
        fields: [
          { name: 'new_first_name', label: 'Given name', kind: 'text', maxLength: 60 },
          { name: 'new_middle_name', label: 'Middle name', kind: 'text', maxLength: 60 },
          { name: 'new_last_name', label: 'Family name', kind: 'text', maxLength: 60 },
          // SEVIS Table 36 from the office's list; an exchange visitor's only the codes for one (not U).
          { name: 'new_gender', label: 'Gender', kind: 'select', lookup: GENDER_LOOKUP, ev: { lookup: EV_GENDER_LOOKUP } },
          remarks,
        ],
      },
    ],
  },
  contact_info_update: {
    title: 'Contact Information Update',
    sections: [
      {
        title: 'New U.S. address and contact',
        note: 'Fill in only what changes; an address needs its street, city, state and ZIP code.',
        fields: [
          { name: 'us_address_line_1', label: 'U.S. address line 1', kind: 'text', maxLength: 60, required: (d) => hasUsAddress(d) },
          { name: 'us_address_line_2', label: 'U.S. address line 2', kind: 'text', maxLength: 60 },
          { name: 'us_city', label: 'City', kind: 'text', maxLength: 60, required: (d) => hasUsAddress(d) },
          { name: 'us_state', label: 'State', kind: 'select', lookup: US_STATE_LOOKUP, required: (d) => hasUsAddress(d) },
          { name: 'us_zip_code', label: 'ZIP code', kind: 'digits', maxLength: 5, required: (d) => hasUsAddress(d) },
          { name: 'new_phone', label: 'U.S. phone number', kind: 'phone', maxLength: 10, help: '10 digits.' },
          { name: 'new_email', label: 'E-mail', kind: 'email', maxLength: 65 },
        ],
      },
    ],
  },
  financial_info_update: {
    title: 'Financial Information Update',
    sections: [
      {
        title: 'Funding for one academic year',
        note: 'Fill in only the amounts that change; upload the evidence under Documents.',
        fields: [...fundingFields],
      },
    ],
  },
  program_info_update: {
    title: 'Program Information Update',
    sections: [
      {
        title: 'New major or minor',
        note: 'A new degree level is a Change of Level request.',
        evNote:
          "SEVIS keeps an exchange visitor's field of study as one subject field (a CIP code), with words about it. A new degree is a Matriculation request.",
        fields: [
          { name: 'new_major_code', label: 'Major (CIP code)', kind: 'select', maxLength: 7, lookup: STUDENT_CIP_LOOKUP, visas: ['F-1'] },
          {
            name: 'new_second_major_code',
            label: 'Second major (CIP code)',
            kind: 'select',
            maxLength: 7,
            lookup: STUDENT_CIP_LOOKUP,
            visas: ['F-1'],
          },
          { name: 'new_minor_code', label: 'Minor (CIP code)', kind: 'select', maxLength: 7, lookup: STUDENT_CIP_LOOKUP, visas: ['F-1'] },
          // Exchange visitor schema Program/EditSubject: SubjectFieldCode and SubjectFieldRemarks.
          {
            name: 'new_subject_field_code',
            label: 'Subject field (CIP code)',
            kind: 'select',
            maxLength: 7,
            lookup: { key: 'subject-fields', where: { ev: 'Y' } },
            visas: ['J-1'],
          },
          {
            name: 'subject_field_remarks',
            label: 'About the subject field',
            kind: 'textarea',
            maxLength: 500,
            visas: ['J-1'],
            help: 'What you study, in a few words (the office uses the CIP title when empty).',
          },
          remarks,
        ],
      },
    ],
  },
  dependent_info_update: {
    title: 'Dependent Information Update',
    sections: [
      {
        title: 'Dependent',
        note: 'Choose the dependent on your record this update is about, or add a new spouse or child. For a dependent on your record, fill in only what changes.',
        fields: [
          {
            name: 'dependent_id',
            label: 'Dependent',
            kind: 'dependent',
            required: (d) => hasDependent(d),
            options: NEW_DEPENDENT_OPTION,
            help: 'Your dependents on record, with their SEVIS IDs once SEVIS has them.',
          },
          ...dependentBioFields(isNewDependent),
          remarks,
        ],
      },
    ],
  },

  // ---- the rest of the catalogue (docs/product/students-requests.md#the-catalogue) ----
  matriculation_request: {
    title: 'Matriculation',
    sections: [
      {
        title: 'Degree program',
        note: 'For exchange visitor students: SEVIS records the degree you now pursue and your new program end date, and the office prints your new DS-2019. Upload your admission to the degree program under Documents.',
        fields: [
          // Exchange visitor schema Program/Matriculate: MatriculationCode (MatriculationType) and NewPrgEndDate.
          {
            name: 'matriculation_code',
            label: 'Degree you matriculate into',
            kind: 'select',
            required: true,
            options: asOptions(MATRICULATION_CODES),
          },
          {
            name: 'matriculation_program_end_date',
            label: 'New program end date',
            kind: 'date',
            required: true,
            help: 'After your current program end date.',
          },
          remarks,
        ],
      },
    ],
  },
  terminate_request: {
    title: 'Terminate SEVIS Record',
    sections: [
      {
        title: 'Termination',
        note: "The office starts this request; the student does not see it. Approving it ends the record's status (Terminated) and queues SEVIS's termination with the SEVIS Table 13 reason.",
        evNote:
          "The office starts this request; the student does not see it. Approving it ends the record's status (Terminated) and queues SEVIS's termination with the SEVIS Table 24 reason and its effective date.",
        fields: [
          {
            name: 'termination_reason',
            label: 'Reason (SEVIS)',
            kind: 'select',
            required: true,
            lookup: F1_TERMINATION_LOOKUP,
            ev: { lookup: EV_TERMINATION_LOOKUP },
          },
          // Exchange visitor schema Status/Terminate EffectiveDate (required); the student batch's has none.
          {
            name: 'termination_effective_date',
            label: 'Effective date',
            kind: 'date',
            required: true,
            visas: ['J-1'],
            help: "The day the exchange visitor's participation ends.",
          },
          // SEVIS S1059 / S1104 (F-1: only with 16, and then required) and S2222 (J-1: required with OTHER).
          {
            name: 'termination_other_remarks',
            label: 'Other remarks (SEVIS)',
            kind: 'textarea',
            maxLength: 500,
            required: (d) => d.termination_reason === F1_TERMINATION_NEEDS_REMARKS,
            help: 'Needed with "Otherwise failing to maintain status", and taken only with it.',
            ev: { required: (d) => d.termination_reason === J1_TERMINATION_NEEDS_REMARKS, help: 'Needed with the reason "Other".' },
          },
          { name: 'termination_remarks', label: 'Remarks for SEVIS', kind: 'textarea', maxLength: 500 },
        ],
      },
    ],
  },
  dependent_info_multi: {
    title: 'Several Dependents',
    sections: [
      {
        title: 'Dependents',
        note: 'One row per dependent: a new spouse or child to add, a dependent on your record whose details change (fill in only what changes), or one whose status ends (for example after a divorce, or a child who turned 21). Each row reaches SEVIS as its own update.',
        fields: [
          {
            name: 'dependent_changes',
            label: 'Dependents',
            kind: 'rows',
            required: true,
            maxRows: DEPENDENT_ROWS_MAX,
            rowFields: [
              { name: 'change', label: 'What changes', kind: 'select', required: true, options: DEPENDENT_CHANGE_OPTIONS },
              {
                name: 'dependent_id',
                label: 'Dependent on your record',
                kind: 'dependent',
                required: (r) => r.change === 'update' || r.change === 'end',
                options: [],
              },
              ...dependentBioFields((r) => r.change === 'add'),
              // The office's lists: SEVIS Table 3 (F-2) or, for a J-2, the End Status reasons (Table 18) the exchange visitor batch sends.
              {
                name: 'end_reason',
                label: 'Why the status ends',
                kind: 'select',
                required: (r) => r.change === 'end',
                lookup: F2_END_LOOKUP,
                ev: { lookup: J2_END_LOOKUP },
              },
              // SEVIS S1034 (F-2) and S2130 (J-2): "Other" needs other remarks.
              {
                name: 'end_remarks',
                label: 'Explain',
                kind: 'textarea',
                maxLength: 500,
                required: (r) => r.change === 'end' && (DEPENDENT_END_OTHER as readonly unknown[]).includes(r.end_reason),
              },
            ],
          },
        ],
      },
      { title: 'Remarks', fields: [remarks] },
    ],
  },
};

/** Every field of a form, in order. */
/**
 * Every field of a form, in order: for a student of this visa type the form's variant
 * (studentRequestForm); without one, every field of every variant as defined (labels, normalising).
 */
export function studentRequestFields(code: TStudentRequestCode, visaType?: string | null): TStudentRequestField[] {
  const form = visaType === undefined ? STUDENT_REQUEST_FORMS[code] : studentRequestForm(code, visaType);
  return form.sections.flatMap((s) => s.fields);
}

/** An exchange visitor (J-1) gets the exchange visitor variant of a request form; anyone else the F-1 one. */
export const isExchangeVisitor = (visaType: string | null | undefined): boolean => visaType === 'J-1';

/** A field as a student of this visa sees it: null when it is not for them, else with the exchange visitor's differences. */
function fieldVariant(f: TStudentRequestField, ev: boolean): TStudentRequestField | null {
  if (f.visas && !f.visas.includes(ev ? 'J-1' : 'F-1')) return null;
  const { visas: _visas, ev: evDiff, rowFields, ...own } = f;
  const out: TStudentRequestField = ev && evDiff ? { ...own, ...evDiff } : own;
  if (rowFields) out.rowFields = rowFields.map((r) => fieldVariant(r, ev)).filter((r): r is TStudentRequestField => r !== null);
  return out;
}
const formVariants = new Map<string, TStudentRequestForm>();
/**
 * The form of a request type for a student of this visa type (docs/product/students-requests.md#exchange-visitor-variants):
 * the catalogue has one code per request, and the student's visa selects its variant. An exchange visitor (J-1) gets the
 * J-1 fields, SEVIS's exchange visitor code tables and notes; anyone else the F-1 fields. Empty sections are left out.
 */
export function studentRequestForm(code: TStudentRequestCode, visaType: string | null | undefined): TStudentRequestForm {
  const ev = isExchangeVisitor(visaType);
  const key = `${code}:${ev ? 'J-1' : 'F-1'}`;
  const known = formVariants.get(key);
  if (known) return known;
  const form = STUDENT_REQUEST_FORMS[code];
  const sections: TStudentRequestSection[] = [];
  for (const s of form.sections) {
    const fields = s.fields.map((f) => fieldVariant(f, ev)).filter((f): f is TStudentRequestField => f !== null);
    if (!fields.length) continue;
    const note = ev ? (s.evNote ?? s.note) : s.note;
    sections.push(note === undefined ? { title: s.title, fields } : { title: s.title, note, fields });
  }
  const out = { title: form.title, sections };
  formVariants.set(key, out);
  return out;
}

export function isFieldRequired(field: TStudentRequestField, data: TStudentRequestData): boolean {
  return typeof field.required === 'function' ? field.required(data) : field.required === true;
}

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && !v.length);
}
export function isChecked(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}
function positiveAmount(v: unknown): boolean {
  return (typeof v === 'number' || typeof v === 'string') && Number(v) > 0;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO YYYY-MM-DD, a real calendar day within 1753-01-01 and 9999-12-31 (docs/product/ui.md#dates). */
export function isValidIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1753 || mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}
/** YYYY-MM-DD to MM/DD/YYYY (what people read). */
export function usDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}
/** The same day one year later (Feb 29 becomes Feb 28). */
export function addOneYear(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y + 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const EMPLOYER_NAME = /^[A-Za-z0-9 ,./:'#&-]*$/;
const JOB_TITLE = /^[A-Za-z0-9, ]*$/;
const FOREIGN_ZIP = /^[A-Za-z0-9 -]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS = /^\d+$/;
const MONEY = /^\d{1,6}(\.\d{1,2})?$/;
const SEVIS_ID = /^N\d{10}$/;

/** Phone fields: digits only and the length of docs/product/students-requests.md#field-rules; any fault says 'Invalid phone'. */
const PHONE_LENGTH: Record<string, { exact?: number; max?: number }> = {
  supervisor_phone: { exact: 10 },
  phone_number: { exact: 10 },
  foreign_country_number: { max: 4 },
  foreign_phone_number: { max: 20 },
  new_phone: { exact: 10 },
};
/** CIP program codes as SEVIS takes them (ProgSubjectCodeType: two digits, a dot, four digits). */
const CIP_CODE = /^\d{2}\.\d{4}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_COUNTRY = /^[A-Z]{2}$/;
const PROGRAM_NUMBER = /^(P-[1-4]|G-[1-7])-\d{5}$/;

/** One phone or digits answer as it is kept: the usual punctuation taken out (rules/typed-numbers.ts); other kinds as given. */
export function normalizeTypedNumber(field: Pick<TStudentRequestField, 'name' | 'kind'>, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (field.kind === 'phone') return phoneDigitsTyped(raw, PHONE_LENGTH[field.name]?.exact === 10);
  if (field.kind === 'digits' || field.kind === 'number') return digitsTyped(raw.trim());
  return raw;
}

/**
 * A request's answers with every phone and digits answer normalised (an EIN typed `12-3456789` kept as
 * `123456789`): what the server stores, and what the checks read, in the browser as on the server.
 */
export function normalizeStudentRequestData(code: TStudentRequestCode, data: TStudentRequestData): TStudentRequestData {
  return normalizeValues(studentRequestFields(code), data);
}

/** The normalising of normalizeStudentRequestData over some fields; a list's rows keep only their filled-in values. */
function normalizeValues(fields: readonly TStudentRequestField[], data: TStudentRequestData): TStudentRequestData {
  const out: TStudentRequestData = { ...data };
  for (const field of fields) {
    const v = out[field.name];
    if ((field.kind === 'phone' || field.kind === 'digits' || field.kind === 'number') && typeof v === 'string') {
      out[field.name] = normalizeTypedNumber(field, v);
    } else if (field.kind === 'rows' && Array.isArray(v)) {
      out[field.name] = v.map((row: unknown) =>
        isRow(row)
          ? Object.fromEntries(
              Object.entries(normalizeValues(field.rowFields ?? [], row))
                .map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x] as const)
                .filter(([, x]) => !isEmptyValue(x)),
            )
          : row,
      );
    }
  }
  return out;
}
const isRow = (v: unknown): v is TStudentRequestData => typeof v === 'object' && v !== null && !Array.isArray(v);

function asText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/**
 * A value of a field that draws its choices from a code list: refused when the list does not offer it today
 * (not on it, or retired), when the checker holds the list; the browser and the server each pass theirs.
 */
function lookupFieldIssue(field: TStudentRequestField, raw: unknown, ctx: TStudentRequestContext): string | null {
  if (!field.lookup || !ctx.lookups) return null;
  const v = asText(raw);
  return v ? lookupIssue(ctx.lookups(field.lookup, v)) : null;
}

/** The format of one non-empty value by its kind and its field's own rule; null when fine. */
function checkFormat(field: TStudentRequestField, raw: unknown): string | null {
  if (field.kind === 'checkbox') {
    return raw === true || raw === false || raw === 1 || raw === 0 || raw === '1' || raw === '0' ? null : MSG.invalidValue;
  }
  const v = asText(raw);
  if (v === null) return MSG.invalidValue;
  switch (field.kind) {
    case 'date':
      return isValidIsoDate(v) ? null : MSG.invalidDate;
    case 'select':
      // A code list's choices are checked against the list (lookupFieldIssue), by whoever holds it.
      if (!field.lookup && !field.options?.some((o) => o.value === v)) return MSG.invalidValue;
      break;
    case 'email':
      if (!EMAIL.test(v)) return MSG.invalidEmail;
      break;
    case 'phone': {
      const len: { exact?: number | undefined; max?: number | undefined } = PHONE_LENGTH[field.name] ?? { max: field.maxLength };
      if (!DIGITS.test(v)) return MSG.invalidPhone;
      if (len.exact !== undefined && v.length !== len.exact) return MSG.invalidPhone;
      if (len.max !== undefined && v.length > len.max) return MSG.invalidPhone;
      return null;
    }
    case 'digits':
      if (!DIGITS.test(v)) return MSG.invalidNumber;
      break;
    case 'number':
      if (!DIGITS.test(v)) return MSG.invalidNumber;
      break;
    case 'money':
      return MONEY.test(v) ? null : MSG.invalidNumber;
    case 'dependent':
      // Whether it is one of the student's dependents is checked against the record (validateStudentRequestData).
      return v === NEW_DEPENDENT || UUID.test(v) ? null : MSG.invalidValue;
    default:
      break;
  }
  switch (field.name) {
    case 'employer_name':
      if (!EMPLOYER_NAME.test(v)) return MSG.invalidValue;
      break;
    case 'employer_job_title':
      if (!JOB_TITLE.test(v)) return MSG.invalidValue;
      break;
    case 'foreign_zip_code':
      if (!FOREIGN_ZIP.test(v)) return MSG.invalidValue;
      break;
    case 'employer_ein':
      if (v.length !== 9) return MSG.invalidLength;
      break;
    case 'newjobsalary':
      if (Number(v) > 999999) return MSG.invalidValue;
      return null;
    case 'employer_full_or_part_time':
      if (v === '02') return REQUEST_FIELD_MSG.fullTimeOnly;
      break;
    case 'previous_sevis_id':
      if (!SEVIS_ID.test(v)) return MSG.invalidValue;
      break;
    case 'new_major_code':
    case 'new_second_major_code':
    case 'new_minor_code':
    case 'new_subject_field_code':
      if (!CIP_CODE.test(v)) return MSG.invalidValue;
      break;
    case 'previous_program_number':
    case 'transfer_program_number':
      // An exchange visitor program's number as SEVIS writes it (OrganizationIDType): P-1..4 or G-1..7, a hyphen, five digits.
      if (!PROGRAM_NUMBER.test(v)) return REQUEST_CATALOGUE_MSG.programNumber;
      break;
    case 'dependent_birth_country':
    case 'dependent_citizenship_country':
    case 'dependent_residence_country':
      if (!ISO_COUNTRY.test(v)) return MSG.invalidValue;
      break;
    case 'foreign_country':
      // Stored as the record's foreign address country code (ISO, mapped to SEVIS Table 33 when sent).
      if (!/^[A-Za-z]{2}$/.test(v)) return REQUEST_FIELD_MSG.countryCode;
      break;
    default:
      break;
  }
  if (field.maxLength !== undefined && v.length > field.maxLength) return MSG.invalidLength;
  return null;
}

/** Pairs of dates where the second must not come before the first. */
const DATE_RANGES: [string, string][] = [
  ['cpt_start_date', 'cpt_end_date'],
  ['requested_start_date', 'requested_end_date'],
  ['employment_start_date', 'employment_end_date'],
  ['rcl_start_date', 'rcl_end_date'],
  ['col_program_start_date', 'col_program_end_date'],
  ['on_campus_start_date', 'on_campus_end_date'],
  ['deferred_program_start_date', 'deferred_program_end_date'],
];

/**
 * Check a student request's data. 'draft' checks the format of what is there (nothing typed is
 * refused for being incomplete); 'submit' also asks for every required field and the phone set.
 * Returns { field: [message] }; empty when fine.
 */
export function validateStudentRequestData(
  code: TStudentRequestCode,
  given: TStudentRequestData,
  ctx: TStudentRequestContext,
  mode: 'draft' | 'submit',
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (name: string, message: string) => {
    if (!errors[name]) errors[name] = [message];
  };
  // Numbers are read as the server keeps them: the usual punctuation typed in them is not a fault.
  const data = normalizeStudentRequestData(code, given);
  // The student's visa selects the form's variant: a field of the other variant is not on their form.
  const fields = studentRequestFields(code, ctx.visaType ?? null);
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(data)) if (!known.has(key)) add(key, MSG.invalidValue);

  // The fields asked of this role, as the office configured them (docs/product/field-configuration.md).
  const asked = configureFields(fields, ctx.fieldSettings?.[code]);
  const askedNames = new Set(asked.filter((f) => !f.readOnly).map((f) => f.name));

  const valid: Record<string, string> = {};
  for (const field of asked) {
    const raw = data[field.name];
    if (isEmptyValue(raw)) {
      if (mode === 'submit' && isFieldRequired(field, data)) add(field.name, MSG.required);
      continue;
    }
    // phone_number is unchecked when the student says they have no phone.
    if (field.name === 'phone_number' && isChecked(data.no_phone)) continue;
    if (field.kind === 'rows') {
      rowsIssues(field, raw, ctx, mode, add);
      continue;
    }
    const message = checkFormat(field, raw) ?? lookupFieldIssue(field, raw, ctx);
    if (message) add(field.name, message);
    else valid[field.name] = asText(raw) ?? '';
  }

  // Relations between values: checked once each side is itself valid.
  for (const [start, end] of DATE_RANGES) {
    if (valid[start] && valid[end] && valid[end] < valid[start]) add(end, REQUEST_FIELD_MSG.endBeforeStart);
  }
  const programEnd = ctx.programEndDate && isValidIsoDate(ctx.programEndDate) ? ctx.programEndDate : null;
  if (valid.new_program_end_date && programEnd) {
    const limit = addOneYear(programEnd);
    if (valid.new_program_end_date <= programEnd) add('new_program_end_date', REQUEST_FIELD_MSG.newEndNotLater(programEnd));
    else if (valid.new_program_end_date > limit) add('new_program_end_date', REQUEST_FIELD_MSG.newEndTooLate(limit, programEnd));
  }
  // Completing early and shortening move the program end earlier (SEVIS Program/Shorten), within the program.
  for (const name of ['completion_date', 'shortened_program_end_date']) {
    const v = valid[name];
    if (!v) continue;
    if (programEnd && v >= programEnd) add(name, REQUEST_FIELD_MSG.endNotEarlier(programEnd));
    else if (ctx.programStartDate && v < ctx.programStartDate) add(name, REQUEST_FIELD_MSG.endBeforeProgramStart(ctx.programStartDate));
  }
  // Deferring attendance moves the start to a later session (SEVIS Program/ManageSessionDates).
  if (valid.deferred_program_start_date && ctx.programStartDate && valid.deferred_program_start_date <= ctx.programStartDate)
    add('deferred_program_start_date', REQUEST_FIELD_MSG.startNotLater(ctx.programStartDate));
  if (valid.current_session_start_date && ctx.programStartDate && valid.current_session_start_date < ctx.programStartDate) {
    add('current_session_start_date', REQUEST_FIELD_MSG.sessionStartBeforeProgram(ctx.programStartDate));
  }
  if (valid.current_session_end_date) {
    if (valid.current_session_start_date && valid.current_session_end_date < valid.current_session_start_date) {
      add('current_session_end_date', REQUEST_FIELD_MSG.sessionEndBeforeStart);
    } else if (valid.current_session_end_date < ctx.today) {
      add('current_session_end_date', REQUEST_FIELD_MSG.sessionEndPast);
    }
  }
  if (valid.next_session_start_date) {
    const sessionEnd = valid.current_session_end_date ?? ctx.sessionEndDate ?? null;
    if (sessionEnd && valid.next_session_start_date < sessionEnd) {
      add('next_session_start_date', REQUEST_FIELD_MSG.nextSessionBeforeEnd(sessionEnd));
    } else if (valid.next_session_start_date < ctx.today) {
      add('next_session_start_date', REQUEST_FIELD_MSG.nextSessionPast);
    }
  }
  if (code === 'dependent_info_update') dependentChoiceIssues(data, valid, ctx, add);
  catalogueIssues(code, valid, ctx, add);
  if (mode === 'submit' && askedNames.has('no_phone') && askedNames.has('phone_number')) {
    const phoneSetValid =
      isChecked(data.no_phone) || !!valid.phone_number || (!!valid.foreign_phone_number && !!valid.foreign_country_number);
    if (!phoneSetValid && !errors.phone_number && !errors.foreign_phone_number && !errors.foreign_country_number) {
      add('phone_number', REQUEST_FIELD_MSG.phoneSet);
    }
  }
  return errors;
}

/** Form field of each dependent column, for the messages of the SEVIS rules. */
const DEPENDENT_FIELD_OF = Object.fromEntries(Object.entries(DEPENDENT_REQUEST_FIELDS).map(([f, c]) => [c, f])) as Record<
  TDependentRequestColumn,
  string
>;

/**
 * The Dependent Information Update against the record (docs/product/students-requests.md#field-rules): the
 * dependent chosen is one of the student's (a dependent of another record, or no longer active, is refused), and
 * the dependent it adds or leaves behind passes SEVIS's rules (rules/sevis-entry-rules.ts): names (S1148, S1142),
 * one spouse (S1105 / S2119), a child under 21 on the office's today (S1014 / S2121), a birth date not in the
 * future (S1067), no U.S.-born or U.S.-citizen F-2 (S1058). A dependent on record is checked on what changes:
 * what SEVIS already holds is not refused again (a new relationship also checks the birth date it keeps).
 * Without the record's dependents (the browser before they load) the choice is left to the server.
 */
function dependentChoiceIssues(
  data: TStudentRequestData,
  valid: Record<string, string>,
  ctx: TStudentRequestContext,
  add: (name: string, message: string) => void,
): void {
  if (!hasDependent(data) && !valid.dependent_id) return;
  const onRecord = ctx.dependents ?? null;
  const { choice, existing, values, changed } = dependentRequestChange(
    Object.fromEntries(Object.entries(valid).filter(([k]) => k === 'dependent_id' || k in DEPENDENT_REQUEST_FIELDS)),
    onRecord ?? [],
  );
  if (choice && choice !== NEW_DEPENDENT && !existing) {
    if (onRecord) add('dependent_id', REQUEST_FIELD_MSG.dependentNotOnRecord);
    return;
  }
  if (!existing && choice !== NEW_DEPENDENT) return;
  const issues = dependentSevisIssues(
    { ...(existing ?? {}), ...values, id: existing?.id ?? null },
    { visaType: ctx.visaType ?? '', today: ctx.today, others: onRecord ?? [] },
  );
  for (const [column, message] of Object.entries(issues) as [TDependentRequestColumn, string][]) {
    if (!existing || changed.includes(column)) add(DEPENDENT_FIELD_OF[column], message);
    else if (column === 'birthDate' && changed.includes('relationshipCode')) add('dependent_relationship', message);
  }
}

/** Messages of the rules of the catalogue's later forms (docs/product/students-requests.md#field-rules). */
export const REQUEST_CATALOGUE_MSG = {
  programNumber: 'Use the program number as SEVIS writes it: P- or G-, a digit, a hyphen and five digits (e.g. P-1-12345).',
  otherRemarksOnlyWith16: 'SEVIS takes other remarks only with the reason "Otherwise failing to maintain status": leave them empty.',
  tooManyRows: (max: number) => `At most ${max} dependents in one request: start another request for the others.`,
  dependentTwice: 'This dependent is in another row already: put everything about them in one row.',
  nothingChanges: 'Fill in what changes for this dependent.',
} as const;

/**
 * Relations of the matriculation and termination forms: a matriculation's new program end comes after the current
 * one (SEVIS S2229); an F-1 termination takes other remarks only with reason 16 (SEVIS S1104; required with it by
 * the form, S1059).
 */
function catalogueIssues(
  code: TStudentRequestCode,
  valid: Record<string, string>,
  ctx: TStudentRequestContext,
  add: (name: string, message: string) => void,
): void {
  const programEnd = ctx.programEndDate && isValidIsoDate(ctx.programEndDate) ? ctx.programEndDate : null;
  if (code === 'matriculation_request' && valid.matriculation_program_end_date && programEnd) {
    if (valid.matriculation_program_end_date <= programEnd)
      add('matriculation_program_end_date', REQUEST_FIELD_MSG.newEndNotLater(programEnd));
  }
  if (
    code === 'terminate_request' &&
    !isExchangeVisitor(ctx.visaType) &&
    valid.termination_other_remarks &&
    valid.termination_reason &&
    valid.termination_reason !== F1_TERMINATION_NEEDS_REMARKS
  )
    add('termination_other_remarks', REQUEST_CATALOGUE_MSG.otherRemarksOnlyWith16);
}

/**
 * A list field (kind 'rows'): at most maxRows rows of the row fields, each checked as a field of the form is, its
 * messages keyed `<list>.<row>.<field>` (the server answers them as `data.<list>.<row>.<field>`).
 */
function rowsIssues(
  field: TStudentRequestField,
  raw: unknown,
  ctx: TStudentRequestContext,
  mode: 'draft' | 'submit',
  add: (name: string, message: string) => void,
): void {
  if (!Array.isArray(raw) || !raw.every(isRow)) {
    add(field.name, MSG.invalidValue);
    return;
  }
  const max = field.maxRows ?? DEPENDENT_ROWS_MAX;
  if (raw.length > max) add(field.name, REQUEST_CATALOGUE_MSG.tooManyRows(max));
  const rowFields = field.rowFields ?? [];
  const known = new Set(rowFields.map((f) => f.name));
  const rows = raw.map((row, i) => {
    const at = (name: string) => `${field.name}.${i}.${name}`;
    for (const key of Object.keys(row)) if (!known.has(key)) add(at(key), MSG.invalidValue);
    const valid: Record<string, string> = {};
    for (const f of rowFields) {
      const v = row[f.name];
      if (isEmptyValue(v)) {
        if (mode === 'submit' && isFieldRequired(f, row)) add(at(f.name), MSG.required);
        continue;
      }
      const message = checkFormat(f, v) ?? lookupFieldIssue(f, v, ctx);
      if (message) add(at(f.name), message);
      else valid[f.name] = asText(v) ?? '';
    }
    return valid;
  });
  if (field.name === 'dependent_changes') dependentRowsIssues(rows, ctx, mode, (i, name, m) => add(`${field.name}.${i}.${name}`, m));
}

/**
 * The rows of a Several Dependents request against the record and SEVIS's rules: a dependent changed or ended is one
 * of the student's active dependents, and in one row only; a change gives something to change; the dependents each
 * row adds or leaves behind pass SEVIS's rules (rules/sevis-entry-rules.ts: names S1148/S1142, one spouse S1105/S2119,
 * a child under 21 S1014/S2121, no future birth date, no U.S.-born or U.S.-citizen F-2), counting the dependents the
 * earlier rows add and not those the request ends. A dependent on record is checked on what changes, as the single
 * Dependent Information Update does.
 */
function dependentRowsIssues(
  rows: Record<string, string>[],
  ctx: TStudentRequestContext,
  mode: 'draft' | 'submit',
  addAt: (row: number, name: string, message: string) => void,
): void {
  const onRecord = ctx.dependents ?? null;
  const ended = new Set(rows.filter((r) => r.change === 'end' && r.dependent_id).map((r) => r.dependent_id));
  const others: TDependentFacts[] = (onRecord ?? []).map((d) => (ended.has(d.id) ? { ...d, status: 'Terminated' } : d));
  const seen = new Set<string>();
  const rules = { visaType: ctx.visaType ?? '', today: ctx.today };
  rows.forEach((r, i) => {
    if (r.change === 'add') {
      const { values } = dependentRequestChange({ ...r, dependent_id: NEW_DEPENDENT }, []);
      const issues = dependentSevisIssues({ ...values, id: null }, { ...rules, others });
      for (const [column, message] of Object.entries(issues) as [TDependentRequestColumn, string][])
        addAt(i, DEPENDENT_FIELD_OF[column], message);
      others.push({ ...values, id: `row-${i}` });
      return;
    }
    const id = r.dependent_id;
    if ((r.change !== 'update' && r.change !== 'end') || !id) return;
    if (seen.has(id)) {
      addAt(i, 'dependent_id', REQUEST_CATALOGUE_MSG.dependentTwice);
      return;
    }
    seen.add(id);
    const existing = onRecord?.find((d) => d.id === id) ?? null;
    if (!existing) {
      if (onRecord) addAt(i, 'dependent_id', REQUEST_FIELD_MSG.dependentNotOnRecord);
      return;
    }
    if (r.change === 'end') return;
    const { values, changed } = dependentRequestChange(r, [existing]);
    if (mode === 'submit' && !Object.keys(values).length) addAt(i, 'dependent_id', REQUEST_CATALOGUE_MSG.nothingChanges);
    const issues = dependentSevisIssues({ ...existing, ...values, id: existing.id }, { ...rules, others });
    for (const [column, message] of Object.entries(issues) as [TDependentRequestColumn, string][]) {
      if (changed.includes(column)) addAt(i, DEPENDENT_FIELD_OF[column], message);
      else if (column === 'birthDate' && changed.includes('relationshipCode')) addAt(i, 'dependent_relationship', message);
    }
  });
}

/** The rows of a Several Dependents request as saved (an empty list when there are none). */
export function dependentRows(data: TStudentRequestData): TStudentRequestData[] {
  const rows = data.dependent_changes;
  return Array.isArray(rows) ? rows.filter(isRow) : [];
}
