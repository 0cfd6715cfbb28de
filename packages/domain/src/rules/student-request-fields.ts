import { digitsTyped, phoneDigitsTyped } from './typed-numbers.js';
import { z } from 'zod';
import { MSG } from '../messages.js';
import { EDUCATION_LEVELS } from '../catalog/students.js';
import { dependentSevisIssues } from './sevis-entry-rules.js';

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
] as const;
export const ZStudentRequestCode = z.enum(STUDENT_REQUEST_CODES);
export type TStudentRequestCode = z.infer<typeof ZStudentRequestCode>;

export function isStudentRequestCode(code: string): code is TStudentRequestCode {
  return (STUDENT_REQUEST_CODES as readonly string[]).includes(code);
}

export type TStudentRequestData = Record<string, unknown>;
/** 'dependent': one of the student's dependents on record (its id) or NEW_DEPENDENT, the choices drawn from the context. */
export type TStudentRequestFieldKind =
  'text' | 'textarea' | 'digits' | 'phone' | 'email' | 'date' | 'select' | 'checkbox' | 'money' | 'number' | 'dependent';
export type TStudentRequestField = {
  name: string;
  label: string;
  kind: TStudentRequestFieldKind;
  required?: boolean | ((data: TStudentRequestData) => boolean);
  maxLength?: number;
  options?: { value: string; label: string }[];
  help?: string;
};
/** A section may say what the office does with it where that is not obvious (e.g. a step done in SEVIS RTI). */
export type TStudentRequestForm = { title: string; sections: { title: string; note?: string; fields: TStudentRequestField[] }[] };
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

const EMPLOYMENT_TIME = [
  { value: '01', label: 'Full time (20 hours or more a week)' },
  { value: '02', label: 'Part time (less than 20 hours a week)' },
];
const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
/** SEVIS Table 5 education levels an F-1 student may have (catalog/students.ts EDUCATION_LEVELS). */
const EDUCATION_LEVEL_OPTIONS = EDUCATION_LEVELS.filter((l) => l.f1).map((l) => ({ value: l.code, label: l.label }));
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
  { name: 'employer_state', label: 'State', kind: 'select', required: true, options: US_STATE_OPTIONS },
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
  { name: 'school_funding', label: 'Funds from this school (USD)', kind: 'money' },
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
  },
];

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
          { name: 'cpt_state', label: 'State', kind: 'select', required: true, options: US_STATE_OPTIONS },
          { name: 'cpt_postal_code', label: 'ZIP code', kind: 'digits', required: true, maxLength: 5 },
          { name: 'cpt_route_code', label: 'ZIP+4', kind: 'digits', maxLength: 4 },
        ],
      },
      {
        title: 'Dates and hours',
        fields: [
          { name: 'cpt_start_date', label: 'Start date', kind: 'date', required: true },
          { name: 'cpt_end_date', label: 'End date', kind: 'date', required: true },
          { name: 'cpt_full_or_part_time', label: 'Full or part time', kind: 'select', required: true, options: EMPLOYMENT_TIME },
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
            options: EMPLOYMENT_TIME,
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
          { name: 'employer_full_or_part_time', label: 'Full or part time', kind: 'select', required: true, options: EMPLOYMENT_TIME },
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
          { name: 'employer_full_or_part_time', label: 'Full or part time', kind: 'select', required: true, options: EMPLOYMENT_TIME },
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
          { name: 'new_education_level', label: 'New education level', kind: 'select', required: true, options: EDUCATION_LEVEL_OPTIONS },
          { name: 'new_major', label: 'New major', kind: 'text', required: true, maxLength: 60 },
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
        fields: [
          { name: 'previous_school_name', label: 'Previous school', kind: 'text', required: true, maxLength: 60 },
          { name: 'previous_school_code', label: 'Previous school SEVIS code', kind: 'text', maxLength: 15, help: 'e.g. BOS214F00123000' },
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
            kind: 'text',
            required: true,
            maxLength: 2,
            help: 'The two-letter country code, e.g. IN for India.',
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
        fields: [...fundingFields, { name: 'other_amount_remarks', label: 'Notes on the amounts', kind: 'textarea', maxLength: 500 }],
      },
    ],
  },
  registration_request: {
    title: 'Registration Request',
    sections: [
      {
        title: 'Session',
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
        fields: [
          // SEVIS Table 10 (Student Cancellation Reason Codes): the Status/Cancel event's Reason.
          {
            name: 'cancel_reason',
            label: 'Reason',
            kind: 'select',
            required: true,
            options: [
              { value: '01', label: 'I will not attend' },
              { value: '02', label: 'My visa was issued for a different SEVIS ID' },
              { value: '03', label: 'I registered under a different SEVIS ID' },
              { value: '04', label: 'I arrived under a different SEVIS ID' },
              { value: '05', label: 'The record was created in error' },
              { value: '06', label: 'The offer was withdrawn' },
            ],
          },
          remarks,
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
        fields: [
          { name: 'transfer_school_name', label: 'School you transfer to', kind: 'text', required: true, maxLength: 120 },
          { name: 'transfer_school_code', label: 'Its SEVIS school code', kind: 'text', maxLength: 15, help: 'e.g. BOS214F00123000' },
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
          {
            name: 'new_gender',
            label: 'Gender',
            kind: 'select',
            options: [
              { value: 'F', label: 'Female' },
              { value: 'M', label: 'Male' },
              { value: 'X', label: 'Unknown' },
            ],
          },
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
          { name: 'us_state', label: 'State', kind: 'select', options: US_STATE_OPTIONS, required: (d) => hasUsAddress(d) },
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
        fields: [
          { name: 'new_major_code', label: 'Major (CIP code)', kind: 'text', maxLength: 7, help: 'e.g. 14.0901' },
          { name: 'new_second_major_code', label: 'Second major (CIP code)', kind: 'text', maxLength: 7 },
          { name: 'new_minor_code', label: 'Minor (CIP code)', kind: 'text', maxLength: 7 },
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
          { name: 'dependent_first_name', label: 'Given name', kind: 'text', maxLength: 60, required: isNewDependent },
          { name: 'dependent_last_name', label: 'Family name', kind: 'text', maxLength: 60, required: isNewDependent },
          {
            name: 'dependent_relationship',
            label: 'Relationship',
            kind: 'select',
            required: isNewDependent,
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
            required: isNewDependent,
            options: [
              { value: 'F', label: 'Female' },
              { value: 'M', label: 'Male' },
            ],
          },
          { name: 'dependent_birth_date', label: 'Birth date', kind: 'date', required: isNewDependent },
          { name: 'dependent_birth_city', label: 'Birth city', kind: 'text', maxLength: 60 },
          {
            name: 'dependent_birth_country',
            label: 'Birth country (2-letter ISO code)',
            kind: 'text',
            maxLength: 2,
            required: isNewDependent,
            help: 'e.g. IN',
          },
          {
            name: 'dependent_citizenship_country',
            label: 'Citizenship (2-letter ISO code)',
            kind: 'text',
            maxLength: 2,
            required: isNewDependent,
          },
          { name: 'dependent_residence_country', label: 'Country of permanent residence (2-letter ISO code)', kind: 'text', maxLength: 2 },
          remarks,
        ],
      },
    ],
  },
};

/** Every field of a form, in order. */
export function studentRequestFields(code: TStudentRequestCode): TStudentRequestField[] {
  return STUDENT_REQUEST_FORMS[code].sections.flatMap((s) => s.fields);
}

export function isFieldRequired(field: TStudentRequestField, data: TStudentRequestData): boolean {
  return typeof field.required === 'function' ? field.required(data) : field.required === true;
}

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '');
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
  const out: TStudentRequestData = { ...data };
  for (const field of studentRequestFields(code)) {
    if ((field.kind === 'phone' || field.kind === 'digits' || field.kind === 'number') && typeof out[field.name] === 'string') {
      out[field.name] = normalizeTypedNumber(field, out[field.name]);
    }
  }
  return out;
}

function asText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
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
      if (!field.options?.some((o) => o.value === v)) return MSG.invalidValue;
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
      if (!CIP_CODE.test(v)) return MSG.invalidValue;
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
  const fields = studentRequestFields(code);
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(data)) if (!known.has(key)) add(key, MSG.invalidValue);

  const valid: Record<string, string> = {};
  for (const field of fields) {
    const raw = data[field.name];
    if (isEmptyValue(raw)) {
      if (mode === 'submit' && isFieldRequired(field, data)) add(field.name, MSG.required);
      continue;
    }
    // phone_number is unchecked when the student says they have no phone.
    if (field.name === 'phone_number' && isChecked(data.no_phone)) continue;
    const message = checkFormat(field, raw);
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
  if (mode === 'submit' && known.has('no_phone')) {
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
