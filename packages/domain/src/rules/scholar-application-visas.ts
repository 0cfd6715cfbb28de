import {
  SCHOLAR_APP_MSG as M,
  type TScholarFieldDef,
  type TScholarFormData,
  type TScholarFormSection,
} from './scholar-application-fields.js';

/** The visa-specific parts of the O-1, J-1 and F-1 OPT/STEM application forms (scholar-application.ts assembles them). */

export const O1_CLASSIFICATIONS = [
  { value: 'O-1A', label: 'O-1A: sciences, education, business or athletics' },
  { value: 'O-1B', label: 'O-1B: arts, motion pictures or television' },
] as const;

/** The evidence criteria of 8 CFR 214.2(o)(3)(iii)(B) (O-1A); at least three must be met. */
export const O1A_EVIDENCE_CRITERIA = [
  { value: 'awards', label: 'Nationally or internationally recognized prizes or awards for excellence' },
  { value: 'membership', label: 'Membership in associations that require outstanding achievements' },
  { value: 'published_material', label: 'Published material about you in professional or major media' },
  { value: 'judging', label: 'Judging the work of others in your field' },
  { value: 'original_contributions', label: 'Original scientific, scholarly or business contributions of major significance' },
  { value: 'scholarly_articles', label: 'Authorship of scholarly articles in professional journals or major media' },
  { value: 'critical_employment', label: 'Employment in a critical or essential capacity for distinguished organizations' },
  { value: 'high_salary', label: 'A high salary or remuneration compared with others in the field' },
] as const;

/** The evidence criteria of 8 CFR 214.2(o)(3)(iv)(B) (O-1B arts); at least three must be met. */
export const O1B_EVIDENCE_CRITERIA = [
  { value: 'lead_role_productions', label: 'Lead or starring role in productions or events with a distinguished reputation' },
  { value: 'recognition_reviews', label: 'National or international recognition in reviews or other published material' },
  { value: 'lead_role_organizations', label: 'Lead, starring or critical role for organizations with a distinguished reputation' },
  { value: 'commercial_success', label: 'A record of major commercial or critically acclaimed successes' },
  { value: 'significant_recognition', label: 'Significant recognition from organizations, critics or experts' },
  { value: 'high_salary', label: 'A high salary or remuneration compared with others in the field' },
] as const;

const isO1 = (kind: string) => (d: TScholarFormData) => d.o1Classification === kind;

export const O1_FORM_SECTIONS: TScholarFormSection[] = [
  {
    key: 'o1Supplement',
    title: 'O-1 supplement',
    fields: [
      { name: 'o1Classification', label: 'Classification', type: 'select', required: true, options: O1_CLASSIFICATIONS },
      {
        name: 'fieldOfAbility',
        label: 'Field of extraordinary ability or achievement',
        type: 'text',
        required: true,
        max: 200,
        isWide: true,
      },
      {
        name: 'consultationGroup',
        label: 'Consultation / peer group (name)',
        type: 'text',
        required: true,
        max: 200,
        help: 'The peer group or labor organization that gives the advisory opinion.',
      },
      { name: 'consultationAddress', label: 'Consultation / peer group (address)', type: 'textarea', max: 500 },
      {
        name: 'evidenceCriteriaO1A',
        label: 'Evidence criteria you meet (O-1A)',
        type: 'checkboxes',
        options: O1A_EVIDENCE_CRITERIA,
        showIf: isO1('O-1A'),
        required: isO1('O-1A'),
        minItems: { value: 3, message: M.evidenceMin },
        isWide: true,
      },
      {
        name: 'evidenceCriteriaO1B',
        label: 'Evidence criteria you meet (O-1B)',
        type: 'checkboxes',
        options: O1B_EVIDENCE_CRITERIA,
        showIf: isO1('O-1B'),
        required: isO1('O-1B'),
        minItems: { value: 3, message: M.evidenceMin },
        isWide: true,
      },
    ],
  },
  {
    key: 'itinerary',
    title: 'Itinerary of events',
    fields: [
      {
        name: 'itinerary',
        label: 'Events',
        type: 'list',
        itemLabel: 'event',
        maxItems: 50,
        item: [
          { name: 'eventName', label: 'Event or activity', type: 'text', required: true, max: 200 },
          { name: 'location', label: 'Location', type: 'text', required: true, max: 200 },
          { name: 'fromDate', label: 'From', type: 'date', required: true },
          {
            name: 'toDate',
            label: 'To',
            type: 'date',
            required: true,
            after: { field: 'fromDate', message: M.endAfterStart, orEqual: true },
          },
        ],
      },
    ],
  },
];

const money = (name: string, label: string): TScholarFieldDef => ({
  name,
  label,
  type: 'digits',
  max: 9,
  patternMsg: M.wholeDollars,
  help: 'Whole U.S. dollars',
});

export const J1_FORM_SECTIONS: TScholarFormSection[] = [
  {
    key: 'program',
    title: 'Program',
    fields: [
      // The office's J-1 scholar categories and U.S. states (docs/product/lookups.md#how-forms-use-the-lists).
      { name: 'category', label: 'Category', type: 'select', required: true, lookup: { key: 'scholar-categories' } },
      {
        name: 'subjectFieldCode',
        label: 'Subject field code (CIP)',
        type: 'text',
        required: true,
        max: 7,
        pattern: /^\d{2}\.\d{4}$/,
        patternMsg: M.cipCode,
        help: 'e.g. 26.0101',
      },
      { name: 'subjectFieldRemarks', label: 'Subject field remarks', type: 'textarea', max: 500, isWide: true },
    ],
  },
  {
    key: 'siteOfActivity',
    title: 'Site of activity',
    help: "Where you will carry out your program. Choose one of your department's sites or type another.",
    fields: [
      { name: 'siteOfActivityName', label: 'Site name', type: 'text', required: true, max: 100, isWide: true },
      { name: 'siteOfActivityAddress1', label: 'Address line 1', type: 'text', required: true, max: 60 },
      { name: 'siteOfActivityAddress2', label: 'Address line 2', type: 'text', max: 60 },
      { name: 'siteOfActivityCity', label: 'City', type: 'text', required: true, max: 60 },
      { name: 'siteOfActivityState', label: 'State', type: 'select', required: true, lookup: { key: 'us-states' } },
      {
        name: 'siteOfActivityPostalCode',
        label: 'ZIP code',
        type: 'text',
        required: true,
        max: 10,
        pattern: /^\d{5}(-\d{4})?$/,
        patternMsg: M.zip,
      },
    ],
  },
  {
    key: 'funding',
    title: 'Funding',
    help: 'The funding for your whole program, in whole dollars. At least one source.',
    fields: [
      money('fundingProgramSponsor', 'Program sponsor'),
      money('fundingUsGovernment', 'U.S. government'),
      money('fundingPersonal', 'Personal funds'),
      money('fundingOther', 'Other'),
      {
        name: 'fundingOtherDescription',
        label: 'Other funding: from whom',
        type: 'text',
        max: 200,
        required: (d) => Number(d.fundingOther ?? 0) > 0,
      },
    ],
  },
  {
    key: 'priorJ',
    title: 'Prior J status',
    help: "Each earlier period in J-1 or J-2 status. For a J-2 period, add the J-1's category (e.g. J-2 RESEARCH SCHOLAR). The office uses it to check the 12- and 24-month bars.",
    fields: [
      /** Each earlier J-1/J-2 period: the category (e.g. RESEARCH SCHOLAR, STUDENT, J-2 PROFESSOR) and its from/to dates. */
      {
        name: 'priorJStatus',
        label: 'Prior J status periods',
        type: 'list',
        itemLabel: 'period',
        maxItems: 20,
        item: [
          {
            name: 'category',
            label: 'Category',
            type: 'text',
            required: true,
            max: 40,
            help: 'e.g. RESEARCH SCHOLAR, STUDENT, J-2 PROFESSOR',
          },
          { name: 'fromDate', label: 'From', type: 'date', required: true },
          { name: 'toDate', label: 'To', type: 'date', required: true, after: { field: 'fromDate', message: M.periodToAfterFrom } },
        ],
      },
    ],
  },
];

const FUNDING = ['fundingProgramSponsor', 'fundingUsGovernment', 'fundingPersonal', 'fundingOther'];
/** A J-1 program needs at least one source of funding with an amount. */
export function checkJ1Funding(d: TScholarFormData, add: (path: string, message: string) => void): void {
  const bad = FUNDING.some((k) => typeof d[k] === 'string' && d[k].trim() !== '' && !/^\d+$/.test(d[k].trim()));
  if (bad) return;
  if (!FUNDING.some((k) => Number(d[k] ?? 0) > 0)) add('fundingProgramSponsor', M.fundingNeeded);
}

export const OPT_TYPES = [
  { value: 'post_completion', label: 'Post-completion OPT' },
  { value: 'stem', label: 'STEM OPT extension' },
] as const;
const isStem = (d: TScholarFormData) => d.optType === 'stem';

export const F1_FORM_SECTIONS: TScholarFormSection[] = [
  {
    key: 'opt',
    title: 'OPT authorization',
    fields: [
      { name: 'sevisId', label: 'SEVIS ID', type: 'text', required: true, max: 11, pattern: /^N\d{10}$/, patternMsg: M.sevisId },
      { name: 'optType', label: 'OPT type', type: 'select', required: true, options: OPT_TYPES },
      {
        name: 'eadNumber',
        label: 'EAD card number',
        type: 'text',
        required: true,
        max: 13,
        pattern: /^[A-Za-z]{3}\d{10}$/,
        patternMsg: M.eadNumber,
      },
      { name: 'eadStartDate', label: 'EAD valid from', type: 'date', required: true },
      {
        name: 'eadEndDate',
        label: 'EAD valid to',
        type: 'date',
        required: true,
        after: { field: 'eadStartDate', message: M.endAfterStart },
      },
    ],
  },
  {
    key: 'employment',
    title: 'Employment',
    fields: [
      { name: 'employerName', label: 'Employer', type: 'text', required: true, max: 100 },
      {
        name: 'eVerifyNumber',
        label: "Employer's E-Verify company ID",
        type: 'text',
        required: isStem,
        showIf: isStem,
        max: 7,
        pattern: /^\d{4,7}$/,
        patternMsg: M.eVerifyNumber,
      },
      { name: 'jobTitle', label: 'Job title', type: 'text', required: true, max: 100 },
      { name: 'hoursPerWeek', label: 'Hours per week', type: 'digits', required: true, max: 3, min: { value: 20, message: M.hoursMin } },
      {
        name: 'startDate',
        label: 'Start date',
        type: 'date',
        required: true,
        after: { field: 'eadStartDate', message: M.startWithinEad, orEqual: true },
        notAfter: { field: 'eadEndDate', message: M.startWithinEad },
      },
    ],
  },
];
