import type { TLookupRef } from './lookup-values.js';
import {
  SCHOLAR_APP_MSG as M,
  validateScholarForm,
  type TScholarFieldDef,
  type TScholarFormData,
  type TScholarFormDef,
  type TScholarFormLookups,
  type TScholarFormMode,
  type TScholarFormSection,
} from './scholar-application-fields.js';
import { O1_FORM_SECTIONS, J1_FORM_SECTIONS, F1_FORM_SECTIONS, checkJ1Funding } from './scholar-application-visas.js';

export * from './scholar-application-fields.js';
export { O1_CLASSIFICATIONS, O1A_EVIDENCE_CRITERIA, O1B_EVIDENCE_CRITERIA, OPT_TYPES } from './scholar-application-visas.js';

/**
 * The scholar application forms by processed state (docs/product/scholars-portal.md#the-forms):
 * H-1B (also H-1BExtension and H-1BAmendment with their few extra fields), O-1 (O-1Amendment,
 * o1Extension), J-1 and F-1 OPT/STEM. The case's `data` jsonb holds the form; field names follow
 * the old product's vocabulary where it had them (objImmigrantHistory's subjectName / periodofStayFromDate /
 * periodofStayToDate, objScholarActualWages' name / wages, the petition flags, lastArrivaltoUS, ...).
 */
export const SCHOLAR_FORM_KINDS = ['h1b', 'o1', 'j1', 'f1'] as const;
export type TScholarFormKind = (typeof SCHOLAR_FORM_KINDS)[number];
export type TScholarFormVariant = 'initial' | 'extension' | 'amendment';

const YES = (name: string) => (d: TScholarFormData) => d[name] === true;

const RECEIPT = /^[A-Za-z]{3}\d{10}$/;
const ALIEN = /^A?\d{7,9}$/i;
const ZIP = /^\d{5}(-\d{4})?$/;

/**
 * The application's choices from the office's code lists (docs/product/lookups.md#how-forms-use-the-lists): countries
 * are kept by their ISO code, as records keep them.
 */
const BIRTH_COUNTRY: TLookupRef = { key: 'birth-countries', by: 'iso' };
const COUNTRY: TLookupRef = { key: 'citizenship-countries', by: 'iso' };
const US_STATE_LOOKUP: TLookupRef = { key: 'us-states' };

/** Who the application is about (H-1B, O-1, J-1 and F-1 forms all start with it). */
export const BENEFICIARY_FIELDS: TScholarFieldDef[] = [
  { name: 'firstName', label: 'First (given) name', type: 'text', required: true, max: 60 },
  { name: 'middleName', label: 'Middle name', type: 'text', max: 60 },
  { name: 'lastName', label: 'Last (family) name', type: 'text', required: true, max: 60 },
  { name: 'dateOfBirth', label: 'Date of birth', type: 'date', required: true, when: 'past' },
  { name: 'countryOfBirth', label: 'Country of birth', type: 'select', required: true, lookup: BIRTH_COUNTRY },
  { name: 'countryOfCitizenship', label: 'Country of citizenship', type: 'select', required: true, lookup: COUNTRY },
  { name: 'alienNumber', label: 'Alien number (A-Number), if any', type: 'text', max: 10, pattern: ALIEN, patternMsg: M.alienNumber },
  { name: 'email', label: 'E-mail', type: 'email', required: true, max: 65 },
  { name: 'phone', label: 'Phone', type: 'phone', required: true, max: 20, help: 'With the country code if outside the U.S.' },
];

export const US_ADDRESS_FIELDS: TScholarFieldDef[] = [
  { name: 'usAddressStreet', label: 'U.S. street address', type: 'text', max: 100, isWide: true },
  { name: 'usAddressCity', label: 'U.S. city', type: 'text', max: 60 },
  { name: 'usAddressState', label: 'U.S. state', type: 'select', lookup: US_STATE_LOOKUP },
  { name: 'usAddressZip', label: 'U.S. ZIP code', type: 'text', max: 10, pattern: ZIP, patternMsg: M.zip },
];

export const FOREIGN_ADDRESS_FIELDS: TScholarFieldDef[] = [
  { name: 'foreignAddressStreet', label: 'Foreign street address', type: 'text', required: true, max: 100, isWide: true },
  { name: 'foreignAddressCity', label: 'Foreign city', type: 'text', required: true, max: 60 },
  { name: 'foreignAddressProvince', label: 'Foreign province / state', type: 'text', max: 60 },
  { name: 'foreignAddressPostalCode', label: 'Foreign postal code', type: 'text', max: 20 },
  { name: 'foreignAddressCountry', label: 'Foreign country', type: 'select', required: true, lookup: COUNTRY },
];

export const BENEFICIARY_SECTIONS: TScholarFormSection[] = [
  { key: 'beneficiary', title: 'Beneficiary', fields: BENEFICIARY_FIELDS },
  { key: 'usAddress', title: 'Address in the U.S.', help: 'Only if you have one now.', fields: US_ADDRESS_FIELDS },
  { key: 'foreignAddress', title: 'Address abroad', help: 'Your home address outside the U.S.', fields: FOREIGN_ADDRESS_FIELDS },
];

export const DOCUMENT_FIELDS: TScholarFieldDef[] = [
  {
    name: 'documentType',
    label: 'Travel document',
    type: 'select',
    required: true,
    options: [
      { value: 'passport', label: 'Passport' },
      { value: 'i94', label: 'I-94' },
    ],
  },
  { name: 'documentNumber', label: 'Document number', type: 'text', required: true, max: 30, pattern: /^[A-Za-z0-9-]+$/ },
  { name: 'documentIssueDate', label: 'Issue date', type: 'date', required: true, when: 'notFuture' },
  {
    name: 'documentExpiryDate',
    label: 'Expiry date',
    type: 'date',
    required: true,
    after: { field: 'documentIssueDate', message: M.expiryAfterIssue },
  },
  {
    name: 'lastArrivaltoUS',
    label: 'Last arrival to the U.S.',
    type: 'date',
    when: 'notFuture',
    help: 'Leave empty if you have never been to the U.S.',
  },
];

/** Family members (objscholardependents) with their benefits (objScholarBenefits, a list). */
export const DEPENDENTS_FIELD: TScholarFieldDef = {
  name: 'dependents',
  label: 'Dependents',
  type: 'list',
  itemLabel: 'dependent',
  maxItems: 15,
  required: YES('isHavingFamily'),
  minItems: { value: 1, message: M.familyNeedsDependent },
  item: [
    { name: 'firstName', label: 'First name', type: 'text', required: true, max: 60 },
    { name: 'lastName', label: 'Last name', type: 'text', required: true, max: 60 },
    {
      name: 'relationship',
      label: 'Relationship',
      type: 'select',
      required: true,
      options: [
        { value: 'spouse', label: 'Spouse' },
        { value: 'child', label: 'Child' },
      ],
    },
    { name: 'dateOfBirth', label: 'Date of birth', type: 'date', required: true, when: 'past' },
    { name: 'countryOfBirth', label: 'Country of birth', type: 'select', required: true, lookup: BIRTH_COUNTRY },
    {
      name: 'benefits',
      label: 'Benefits',
      type: 'list',
      itemLabel: 'benefit',
      maxItems: 10,
      help: 'e.g. health insurance, tuition',
      item: [{ name: 'name', label: 'Benefit', type: 'text', required: true, max: 100 }],
    },
  ],
};

export const FAMILY_SECTION: TScholarFormSection = {
  key: 'dependents',
  title: 'Dependents',
  fields: [
    { name: 'isHavingFamily', label: 'Will family members (spouse, children) come with you?', type: 'yesno', required: true },
    { ...DEPENDENTS_FIELD, showIf: YES('isHavingFamily') },
  ],
};

const H1B_SECTIONS: TScholarFormSection[] = [
  ...BENEFICIARY_SECTIONS,
  {
    key: 'education',
    title: 'Education',
    fields: [
      { name: 'highestEducation', label: 'Highest education', type: 'select', required: true, lookup: { key: 'highest-education' } },
      { name: 'highestDegreeDate', label: 'Date of highest degree', type: 'date', required: true },
      { name: 'fieldOfStudy', label: 'Field of study', type: 'text', required: true, max: 100 },
    ],
  },
  {
    key: 'immigration',
    title: 'Immigration history',
    help: 'Each period you stayed in the U.S. and your status then. The office uses the H and L periods and your trips abroad to compute the time left of the six-year H-1B maximum.',
    fields: [
      /** objImmigrantHistory: one stay in the U.S. in one status (e.g. H-1B, J-1, F-1); `status` is the status or visa. */
      {
        name: 'immigrationHistory',
        label: 'Periods of stay in the U.S.',
        type: 'list',
        itemLabel: 'period',
        maxItems: 30,
        item: [
          { name: 'subjectName', label: 'Name on the record', type: 'text', required: true, max: 100 },
          { name: 'status', label: 'Status / visa', type: 'text', required: true, max: 30, help: 'e.g. H-1B, L-1, J-1, F-1' },
          { name: 'periodofStayFromDate', label: 'From', type: 'date', required: true },
          {
            name: 'periodofStayToDate',
            label: 'To',
            type: 'date',
            required: true,
            after: { field: 'periodofStayFromDate', message: M.periodToAfterFrom },
          },
        ],
      },
      /**
       * Trips outside the U.S. while in H or L status: each full day abroad can be recaptured
       * (added back to the six-year maximum). departureDate / returnDate are the days of leaving and coming back.
       */
      {
        name: 'tripsOutsideUs',
        label: 'Days spent outside the U.S. during H or L time',
        type: 'list',
        itemLabel: 'trip',
        maxItems: 100,
        help: 'Each trip abroad while you held H-1B or L status.',
        item: [
          { name: 'departureDate', label: 'Departure', type: 'date', required: true },
          {
            name: 'returnDate',
            label: 'Return',
            type: 'date',
            required: true,
            after: { field: 'departureDate', message: M.returnAfterDeparture, orEqual: true },
          },
        ],
      },
    ],
  },
  FAMILY_SECTION,
  {
    key: 'petition',
    title: 'Petition information',
    fields: [
      { name: 'h1bCapOut', label: 'Were you counted against the H-1B cap before?', type: 'yesno', required: true },
      { name: 'i140Flag', label: 'Has an I-140 been approved for you?', type: 'yesno', required: true },
      {
        name: 'i140IssuedDate',
        label: 'I-140 issued date',
        type: 'date',
        required: YES('i140Flag'),
        showIf: YES('i140Flag'),
        when: 'notFuture',
      },
      {
        name: 'cnmiFlag',
        label: 'Will you work in the Commonwealth of the Northern Mariana Islands (CNMI)?',
        type: 'yesno',
        required: true,
      },
      { name: 'offsiteWorkFlag', label: "Will you work off-site (outside the employer's premises)?", type: 'yesno', required: true },
      { name: 'beneficiaryStatusFlag', label: 'Are you in the U.S. now?', type: 'yesno', required: true },
      { name: 'currentEmployeeFlag', label: 'Are you a current employee of the institution?', type: 'yesno', required: true },
      {
        name: 'currentEmploymentStartDate',
        label: 'Current employment start date',
        type: 'date',
        required: YES('currentEmployeeFlag'),
        showIf: YES('currentEmployeeFlag'),
      },
      {
        name: 'currentEmploymentEndDate',
        label: 'Current employment end date',
        type: 'date',
        showIf: YES('currentEmployeeFlag'),
        after: { field: 'currentEmploymentStartDate', message: M.endAfterStart },
      },
      { name: 'numberofEmployees', label: 'Number of employees (if you know it)', type: 'digits', max: 9 },
      { name: 'numberofPetitionEmp', label: 'Number of H-1B workers petitioned (if you know it)', type: 'digits', max: 9 },
    ],
  },
  {
    key: 'wages',
    title: 'Actual wages',
    fields: [
      /** objScholarActualWages: name (e.g. a position or a person) and wages as written text. */
      {
        name: 'actualWages',
        label: 'Actual wages',
        type: 'list',
        itemLabel: 'wage',
        maxItems: 20,
        item: [
          { name: 'name', label: 'Name', type: 'text', required: true, max: 100 },
          { name: 'wages', label: 'Wages', type: 'text', required: true, max: 100, help: 'e.g. $65,000 per year' },
        ],
      },
    ],
  },
  { key: 'document', title: 'Travel document', fields: DOCUMENT_FIELDS },
];

const RECEIPT_FIELD: TScholarFieldDef = {
  name: 'currentReceiptNumber',
  label: 'Receipt number of the current petition',
  type: 'text',
  required: true,
  max: 13,
  pattern: RECEIPT,
  patternMsg: M.receiptNumber,
};

/** The few fields an extension or amendment adds (first section). */
function changeSection(variant: TScholarFormVariant): TScholarFormSection[] {
  if (variant === 'initial') return [];
  const fields: TScholarFieldDef[] = [RECEIPT_FIELD];
  if (variant === 'amendment')
    fields.push({
      name: 'reasonForAmendment',
      label: 'Reason for the amendment',
      type: 'textarea',
      required: true,
      max: 1000,
      isWide: true,
    });
  else
    fields.push({
      name: 'reasonForExtension',
      label: 'Reason for the extension',
      type: 'textarea',
      required: true,
      max: 1000,
      isWide: true,
    });
  return [{ key: 'change', title: variant === 'amendment' ? 'Amendment' : 'Extension', fields }];
}

const TITLES: Record<TScholarFormKind, Record<TScholarFormVariant, string>> = {
  h1b: { initial: 'H-1B Request', extension: 'H-1B Extension Request', amendment: 'H-1B Amendment Request' },
  o1: { initial: 'O-1 Request', extension: 'O-1 Extension Request', amendment: 'O-1 Amendment Request' },
  j1: { initial: 'J-1 Request', extension: 'J-1 Request', amendment: 'J-1 Request' },
  f1: { initial: 'F-1 OPT/STEM Request', extension: 'F-1 OPT/STEM Request', amendment: 'F-1 OPT/STEM Request' },
};

/** The form and its variant of a processed state, or null (not processed, ineligible). */
export function scholarFormOf(processedState: string): { kind: TScholarFormKind; variant: TScholarFormVariant } | null {
  switch (processedState) {
    case 'H-1B':
      return { kind: 'h1b', variant: 'initial' };
    case 'H-1BExtension':
      return { kind: 'h1b', variant: 'extension' };
    case 'H-1BAmendment':
      return { kind: 'h1b', variant: 'amendment' };
    case 'O-1':
      return { kind: 'o1', variant: 'initial' };
    case 'O-1Amendment':
      return { kind: 'o1', variant: 'amendment' };
    case 'o1Extension':
      return { kind: 'o1', variant: 'extension' };
    case 'J-1':
      return { kind: 'j1', variant: 'initial' };
    case 'F-1 OPT/STEM':
      return { kind: 'f1', variant: 'initial' };
    default:
      return null;
  }
}

/** The form definition of a processed state (null when it has none). */
export function scholarFormDef(processedState: string): TScholarFormDef | null {
  const of = scholarFormOf(processedState);
  if (!of) return null;
  const title = TITLES[of.kind][of.variant];
  switch (of.kind) {
    case 'h1b':
      return { title, sections: [...changeSection(of.variant), ...H1B_SECTIONS] };
    case 'o1':
      return {
        title,
        sections: [
          ...changeSection(of.variant),
          ...BENEFICIARY_SECTIONS,
          ...O1_FORM_SECTIONS,
          { key: 'document', title: 'Travel document', fields: DOCUMENT_FIELDS },
        ],
      };
    case 'j1':
      return { title, sections: [...BENEFICIARY_SECTIONS, ...J1_FORM_SECTIONS, FAMILY_SECTION], check: checkJ1Funding };
    case 'f1':
      return { title, sections: [...BENEFICIARY_SECTIONS, ...F1_FORM_SECTIONS] };
  }
}

/** Every message of an application's data for its processed state ({} when valid; 'data' when the state has no form). */
export function validateScholarApplication(
  processedState: string,
  data: unknown,
  mode: TScholarFormMode,
  today: string,
  lookups: TScholarFormLookups = {},
): Record<string, string[]> {
  const def = scholarFormDef(processedState);
  if (!def) return { data: ['This application has no form yet.'] };
  return validateScholarForm(def, data, mode, today, lookups);
}
