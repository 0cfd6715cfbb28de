// The students module's records routes: the student record, dependents, sites of activity,
// stage and tags, History Log, SEVIS updates, and profile corrections (side-by-side approval).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import { phoneDigitsTyped } from '../../rules/typed-numbers.js';
import { EDUCATION_LEVELS, EV_CATEGORIES, SEVIS_EVENT_STATUSES, SEVIS_STATUSES, STUDENT_VISA_TYPES } from '../../catalog/students.js';
import { STUDENT_STAGES } from '../../catalog/roles.js';
import { EV_POSITION_CODES } from '../../catalog/sevis-codes.js';
import { ZAuditEvent } from '../audit/index.js';
import { ZRecordMessageItem, ZRecordMessagesQuery } from '../messages/sent-mail.js';
import { defineRoute, MAX_SERIAL_ID, ZPage, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';
import { sevisNameIssue, SEVIS_RULE_MSG } from '../../rules/sevis-entry-rules.js';
import {
  EV_GENDER_LOOKUP,
  foreignPhoneIssue,
  GENDER_LOOKUP,
  genderLookup,
  MAX_MONEY_AMOUNT,
  MSG_EV_GENDER,
  MSG_FOREIGN_PHONE_CODE,
} from '../../rules/student-record-values.js';

export { EV_GENDER_LOOKUP, foreignPhoneIssue, GENDER_LOOKUP, genderLookup, MAX_MONEY_AMOUNT, MSG_EV_GENDER, MSG_FOREIGN_PHONE_CODE };
import { J1_COHORT_MAX_PARTICIPANTS } from '../../rules/j1-cohort.js';
import { SCHOLAR_APP_MSG } from '../../rules/scholar-application-fields.js';

const T = ['students'];

export const ZRecordIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);
/** A date the form must have: missing (null/empty) says 'Required field', a bad one 'Invalid date'. */
const ZRequiredDate = z.string({ error: MSG.required }).min(1, MSG.required).pipe(ZRecordIsoDate);
const req = (max: number) => z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, MSG.invalidLength);
const opt = (max: number) => z.string().trim().max(max, MSG.invalidLength);
/** A name SEVIS takes: letters A to Z and single spaces, no placeholder (SEVIS S1148 / S2244, S1142 / S2245). */
const sevisName = <T extends z.ZodType<string>>(base: T) =>
  base.superRefine((v, c) => {
    const issue = sevisNameIssue(v);
    if (issue) c.addIssue({ code: 'custom', message: issue });
  });
/** ISO 3166 alpha-2 (SEVIS country codes are two letters). */
const ZCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2})?$/, 'Use the two-letter country code (e.g. IN)');
const ZCountryReq = z
  .string({ error: MSG.required })
  .trim()
  .toUpperCase()
  .min(1, MSG.required)
  .regex(/^[A-Z]{2}$/, 'Use the two-letter country code (e.g. IN)');
const ZCode = z
  .string()
  .trim()
  .max(20, MSG.invalidLength)
  .regex(/^[A-Za-z0-9.\- ]*$/, MSG.invalidValue);
const ZSevisId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(N\d{10})?$/, 'A SEVIS ID is N followed by 10 digits');
const ZDateOrNull = ZRecordIsoDate.nullable();
/** A yes/no the office may not have answered yet (null). */
const ZYesNo = z.boolean({ error: MSG.invalidValue }).nullable();

/** Messages of what SEVIS needs on a new I-20 / DS-2019 (shown on the field, browser and server alike). */
export const MSG_ACADEMIC_TERM = 'Enter the length of the academic term in months, 1 to 12';
export const MSG_EV_POSITION = 'Enter a SEVIS position code of 3 digits from the DS-2019 position list (e.g. 213)';
export const MSG_ENGLISH_REASON = 'Say why English proficiency is not required';
/** SEVIS S1164: a U.S. or a foreign phone for every F-1 student; the foreign one with its country calling code. */
export const MSG_FOREIGN_PHONE = 'Enter the number in digits (spaces and hyphens allowed), up to 20 characters';
const ZAcademicTermMonths = z
  .number({ error: MSG_ACADEMIC_TERM })
  .int(MSG_ACADEMIC_TERM)
  .min(1, MSG_ACADEMIC_TERM)
  .max(12, MSG_ACADEMIC_TERM)
  .nullable();
const EV_POSITIONS: ReadonlySet<string> = new Set(EV_POSITION_CODES);

/** SEVIS Table 15 (EVCategoryCodeType of the EV schema 6.27): a category outside it is refused on the field. */
export const MSG_EV_CATEGORY = 'Choose an exchange visitor category from the SEVIS list (e.g. 1D Student, 08 Research scholar)';
const EDUCATION_LEVEL_CODES: ReadonlySet<string> = new Set(EDUCATION_LEVELS.map((l) => l.code));
const EV_CATEGORY_CODES: ReadonlySet<string> = new Set(EV_CATEGORIES.map((c) => c.code));
const ZEvCategoryCode = z
  .string({ error: MSG_EV_CATEGORY })
  .trim()
  .toUpperCase()
  .refine((s) => s === '' || EV_CATEGORY_CODES.has(s), MSG_EV_CATEGORY);
const ZEvPositionCode = z
  .string({ error: MSG_EV_POSITION })
  .trim()
  .refine((s) => s === '' || EV_POSITIONS.has(s), MSG_EV_POSITION);

export const ZStudentAddress = z.object({
  line1: opt(60).optional(),
  line2: opt(60).optional(),
  city: opt(60).optional(),
  state: opt(30).optional(),
  postalCode: z
    .string()
    .trim()
    .max(20, MSG.invalidLength)
    .regex(/^[A-Za-z0-9 -]*$/, MSG.invalidValue)
    .optional(),
  countryCode: ZCountry.optional(),
});
export type TStudentAddressInput = z.infer<typeof ZStudentAddress>;
/**
 * An address as stored, for reading: plain strings, so a value stored before a rule existed (e.g. a
 * country typed as a word) is shown for correction instead of failing the whole record; writes go
 * through ZStudentAddress.
 */
export const ZStoredAddress = z.object({
  line1: z.string().optional(),
  line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string().optional(),
  countryCode: z.string().optional(),
});
const ZMoneyAmount = z.coerce.number({ error: 'Invalid number' }).min(0, MSG.invalidValue).max(MAX_MONEY_AMOUNT, MSG.invalidValue);
export const FINANCIAL_FIELDS = [
  { key: 'tuition', label: 'Tuition and fees' },
  { key: 'living', label: 'Living expenses' },
  { key: 'dependents', label: 'Expenses of dependents' },
  { key: 'otherExpenses', label: 'Other expenses' },
  { key: 'personalFunds', label: 'Personal funds' },
  { key: 'schoolFunds', label: 'Funds from this school' },
  { key: 'otherFunds', label: 'Funds from other sources' },
] as const;
export const ZStudentFinancials = z
  .object(
    Object.fromEntries(FINANCIAL_FIELDS.map((f) => [f.key, ZMoneyAmount.optional()])) as Record<
      (typeof FINANCIAL_FIELDS)[number]['key'],
      z.ZodOptional<typeof ZMoneyAmount>
    >,
  )
  .extend({ schoolFundsRemarks: opt(500).optional(), otherFundsRemarks: opt(500).optional() });

/** Every field of the record staff may set, by section; PUT takes any subset plus updatedAt. */
export const ZStudentFields = z.object({
  // identity (SEVIS PersonalInfo)
  firstName: sevisName(req(60)),
  middleName: sevisName(opt(60)),
  lastName: sevisName(req(60)),
  suffix: opt(10),
  /** A code of the office's `genders` list (SEVIS Table 36: M, F, U), checked against it by the server: genderLookup. */
  gender: z.string().trim().toUpperCase().max(20, MSG.invalidLength),
  birthDate: ZRequiredDate,
  birthCity: opt(60),
  birthCountryCode: ZCountry,
  // SEVIS S1058: SEVIS holds no U.S. citizen.
  citizenshipCountryCode: ZCountryReq.refine((c) => c !== 'US', SEVIS_RULE_MSG.usCitizen),
  permanentResidenceCountryCode: ZCountry,
  // contact
  email: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(65, MSG.invalidLength).email(MSG.invalidEmail),
  // Typed as people write it ((217) 555-0199, +1 217 555 0199): kept as its 10 digits (rules/typed-numbers.ts).
  phone: z
    .string()
    .trim()
    .transform((v) => phoneDigitsTyped(v, true))
    .pipe(z.string().regex(/^(\d{10})?$/, 'Invalid phone')),
  // SEVIS TelephoneType Foreign: CountryNumber (1-4 digits) and PhoneNumber (1-20 characters).
  foreignPhoneCountryCode: z
    .string()
    .trim()
    .transform((v) => phoneDigitsTyped(v, false))
    .pipe(z.string().regex(/^(\d{1,4})?$/, MSG_FOREIGN_PHONE_CODE)),
  foreignPhone: z
    .string()
    .trim()
    .max(20, MSG.invalidLength)
    .regex(/^([0-9][0-9 -]*)?$/, MSG_FOREIGN_PHONE),
  usAddress: ZStudentAddress,
  foreignAddress: ZStudentAddress,
  // SEVIS
  sevisId: ZSevisId,
  campusId: z
    .string()
    .trim()
    .max(30, MSG.invalidLength)
    .regex(/^[A-Za-z0-9-]*$/, MSG.invalidValue),
  visaType: z.enum(STUDENT_VISA_TYPES, { error: MSG.required }),
  sevisStatus: z.enum(SEVIS_STATUSES, { error: MSG.invalidValue }),
  sevisStatusDate: ZDateOrNull,
  campusSiteId: z.number({ error: MSG.required }).int().min(1, MSG.required).max(MAX_SERIAL_ID, 'Choose a campus site of this institution'),
  portOfEntry: opt(60),
  entryDate: ZDateOrNull,
  transferDirection: z.enum(['', 'in', 'out'], { error: MSG.invalidValue }),
  transferSchool: opt(120),
  transferReleaseDate: ZDateOrNull,
  // program
  // SEVIS Table 5 (Education Level Codes)
  educationLevel: z
    .string()
    .trim()
    .refine((s) => s === '' || EDUCATION_LEVEL_CODES.has(s), MSG.invalidValue),
  major1Code: ZCode,
  major2Code: ZCode,
  minorCode: ZCode,
  programStartDate: ZRequiredDate,
  programEndDate: ZRequiredDate,
  documentIssueDate: ZDateOrNull,
  documentIssueReason: opt(200),
  sessionStartDate: ZDateOrNull,
  sessionEndDate: ZDateOrNull,
  isLastSession: z.boolean(),
  isRegistered: z.boolean(),
  // exchange visitor
  // SEVIS Table 15 (Program Category Codes)
  evCategoryCode: ZEvCategoryCode,
  subjectFieldCode: ZCode,
  // what SEVIS needs on a new I-20 (F-1: English proficiency, academic term) and DS-2019 (J-1: position, U.S. government funds);
  // the reason English is not required is free text (SEVIS RemarksType, 1-500 characters), required when it is not required.
  englishRequired: ZYesNo,
  englishRequirementsMet: ZYesNo,
  englishNotRequiredReason: opt(500),
  academicTermMonths: ZAcademicTermMonths,
  evPositionCode: ZEvPositionCode,
  receivedUsGovtFunds: ZYesNo,
  // money, portal
  financials: ZStudentFinancials,
  portalAccess: z.union([z.literal(0), z.literal(1)]),
});
export type TStudentFields = z.infer<typeof ZStudentFields>;
export type TStudentField = keyof TStudentFields;

/** Sections of the edit forms: which fields each one sends. */
export const STUDENT_SECTIONS = {
  identity: [
    'firstName',
    'middleName',
    'lastName',
    'suffix',
    'gender',
    'birthDate',
    'birthCity',
    'birthCountryCode',
    'citizenshipCountryCode',
    'permanentResidenceCountryCode',
  ],
  contact: ['email', 'phone', 'foreignPhoneCountryCode', 'foreignPhone', 'usAddress', 'foreignAddress'],
  sevis: [
    'sevisId',
    'campusId',
    'visaType',
    'sevisStatus',
    'sevisStatusDate',
    'campusSiteId',
    'portOfEntry',
    'entryDate',
    'transferDirection',
    'transferSchool',
    'transferReleaseDate',
    'portalAccess',
  ],
  program: [
    'educationLevel',
    'major1Code',
    'major2Code',
    'minorCode',
    'programStartDate',
    'programEndDate',
    'documentIssueDate',
    'documentIssueReason',
    'sessionStartDate',
    'sessionEndDate',
    'isLastSession',
    'isRegistered',
  ],
  newI20: ['englishRequired', 'englishRequirementsMet', 'englishNotRequiredReason', 'academicTermMonths'],
  exchangeVisitor: ['evCategoryCode', 'subjectFieldCode'],
  newDs2019: ['evPositionCode', 'receivedUsGovtFunds'],
  financials: ['financials'],
} as const satisfies Record<string, readonly TStudentField[]>;

export const STUDENT_FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  suffix: 'Suffix',
  gender: 'Gender',
  birthDate: 'Date of birth',
  birthCity: 'City of birth',
  birthCountryCode: 'Country of birth',
  citizenshipCountryCode: 'Country of citizenship',
  permanentResidenceCountryCode: 'Country of permanent residence',
  email: 'E-mail',
  phone: 'Phone',
  foreignPhoneCountryCode: 'Foreign phone: country code',
  foreignPhone: 'Foreign phone',
  usAddress: 'US address',
  foreignAddress: 'Foreign address',
  sevisId: 'SEVIS ID',
  campusId: 'Campus ID',
  visaType: 'Visa type',
  sevisStatus: 'SEVIS status',
  sevisStatusDate: 'Status date',
  campusSiteId: 'Campus site',
  portOfEntry: 'Port of entry',
  entryDate: 'Entry date',
  transferDirection: 'Transfer',
  transferSchool: 'Other school',
  transferReleaseDate: 'Release date',
  educationLevel: 'Education level',
  major1Code: 'Major 1 (CIP)',
  major2Code: 'Major 2 (CIP)',
  minorCode: 'Minor (CIP)',
  programStartDate: 'Program start',
  programEndDate: 'Program end',
  documentIssueDate: 'I-20 / DS-2019 issue date',
  documentIssueReason: 'Issue reason',
  sessionStartDate: 'Session start',
  sessionEndDate: 'Session end',
  isLastSession: 'Last session',
  isRegistered: 'Registered this session',
  evCategoryCode: 'Exchange visitor category',
  subjectFieldCode: 'Subject field (CIP)',
  financials: 'Financial support',
  portalAccess: 'Portal access',
  englishRequired: 'English proficiency required',
  englishRequirementsMet: 'English requirement met',
  englishNotRequiredReason: 'Why English proficiency is not required',
  academicTermMonths: 'Academic term (months)',
  evPositionCode: 'Exchange visitor position code',
  receivedUsGovtFunds: 'Receives U.S. government funds',
};

/** When English proficiency is not required, SEVIS wants the reason (NotRequiredReason): the record must say it. */
export function englishReasonIssue(v: { englishRequired?: boolean | null; englishNotRequiredReason?: string | null }): string | null {
  return v.englishRequired === false && !(v.englishNotRequiredReason ?? '').trim() ? MSG_ENGLISH_REASON : null;
}

/** What a student may ask to correct in their own record (the office approves side by side). */
export const CORRECTABLE_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'gender',
  'birthDate',
  'birthCity',
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
  'email',
  'phone',
  'foreignPhoneCountryCode',
  'foreignPhone',
  'usAddress',
  'foreignAddress',
] as const satisfies readonly TStudentField[];
export type TCorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export const ZStudentCreateInput = ZStudentFields.pick({
  firstName: true,
  lastName: true,
  email: true,
  birthDate: true,
  citizenshipCountryCode: true,
  visaType: true,
  campusSiteId: true,
  programStartDate: true,
  programEndDate: true,
})
  .extend({
    middleName: sevisName(opt(60)).default(''),
    gender: ZStudentFields.shape.gender.default(''),
    birthCity: opt(60).default(''),
    birthCountryCode: ZCountry.default(''),
    sevisId: ZSevisId.default(''),
    campusId: ZStudentFields.shape.campusId.default(''),
    educationLevel: ZStudentFields.shape.educationLevel.default(''),
    major1Code: ZCode.default(''),
    evCategoryCode: ZStudentFields.shape.evCategoryCode.default(''),
    subjectFieldCode: ZCode.default(''),
    phone: ZStudentFields.shape.phone.default(''),
    foreignPhoneCountryCode: ZStudentFields.shape.foreignPhoneCountryCode.default(''),
    foreignPhone: ZStudentFields.shape.foreignPhone.default(''),
    usAddress: ZStudentAddress.default({}),
    foreignAddress: ZStudentAddress.default({}),
    englishRequired: ZYesNo.default(null),
    englishRequirementsMet: ZYesNo.default(null),
    englishNotRequiredReason: opt(500).default(''),
    academicTermMonths: ZAcademicTermMonths.default(null),
    evPositionCode: ZEvPositionCode.default(''),
    receivedUsGovtFunds: ZYesNo.default(null),
  })
  .superRefine((v, c) => {
    if (v.programEndDate && v.programStartDate && v.programEndDate < v.programStartDate)
      c.addIssue({ code: 'custom', path: ['programEndDate'], message: 'The program end must be on or after its start' });
    if (v.visaType === 'J-1' && !v.evCategoryCode) c.addIssue({ code: 'custom', path: ['evCategoryCode'], message: MSG.required });
    const english = englishReasonIssue(v);
    if (english) c.addIssue({ code: 'custom', path: ['englishNotRequiredReason'], message: english });
    const phone = foreignPhoneIssue(v);
    if (phone) c.addIssue({ code: 'custom', path: ['foreignPhoneCountryCode'], message: phone });
  });
export type TStudentCreateInput = z.input<typeof ZStudentCreateInput>;

export const ZStudentUpdateInput = ZStudentFields.partial()
  .extend({
    /** The updatedAt the form was loaded with: a stale one is refused (409) so nobody overwrites another's change unseen. */
    updatedAt: z.string({ error: MSG.required }).min(1, MSG.required),
    /**
     * Ending a record (sevisStatus Terminated / Canceled): the SEVIS reason the officer chooses (SEVIS Table 13 or 24 /
     * Table 10, from the office's list: statusReasonLookup); it travels in the Status event, not on the record.
     */
    sevisStatusReasonCode: z.string().trim().max(10, MSG.invalidLength).optional(),
    /** Remarks SEVIS keeps with the status change (RemarksType, at most 500). */
    sevisStatusRemarks: opt(500).optional(),
  })
  .superRefine((v, c) => {
    const phone = foreignPhoneIssue(v);
    if (phone) c.addIssue({ code: 'custom', path: ['foreignPhoneCountryCode'], message: phone });
  });
export type TStudentUpdateInput = z.input<typeof ZStudentUpdateInput>;

export const ZStudentDependent = z.object({
  id: z.uuid(),
  sevisId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  relationshipCode: z.string(),
  email: z.string(),
  gender: z.string(),
  birthDate: z.string().nullable(),
  birthCity: z.string(),
  birthCountryCode: z.string(),
  citizenshipCountryCode: z.string(),
  permanentResidenceCountryCode: z.string(),
  needsSevisUpdate: z.boolean(),
  status: z.string(),
  terminationReasonCode: z.string(),
  updatedAt: z.string(),
});
export type TStudentDependent = z.infer<typeof ZStudentDependent>;
export const ZStudentDependentInput = z.object({
  firstName: sevisName(req(60)),
  lastName: sevisName(req(60)),
  /** A code of the office's `dependent-relationships` list (SEVIS Table 35), checked against it by the server (docs/product/lookups.md). */
  relationshipCode: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(20, MSG.invalidLength),
  email: z.union([z.literal(''), z.string().trim().max(65, MSG.invalidLength).email(MSG.invalidEmail)]).default(''),
  /** SEVIS requires a dependent's gender on every Add (student and exchange visitor schemas; Table 36: M or F). */
  gender: z.enum(['M', 'F'], { error: MSG.dependentGender }),
  birthDate: ZRequiredDate,
  birthCity: opt(60).default(''),
  birthCountryCode: ZCountryReq,
  citizenshipCountryCode: ZCountryReq,
  permanentResidenceCountryCode: ZCountry.default(''),
  /** A J-2's DS-2019 purpose (exchange visitor EVPrintReasonType 06 / 08), required when the principal is J-1. */
  formPurpose: z.enum(['', '06', '08'], { error: MSG.invalidValue }).default(''),
});
export type TStudentDependentInput = z.input<typeof ZStudentDependentInput>;
/**
 * Reasons recorded before dependents were ended with SEVIS's own codes (shown on old records only);
 * a dependent is now ended with a code of the office's lists (catalog/sevis-reason-codes.ts dependentReasonGroups).
 */
export const DEPENDENT_TERMINATION_REASONS = [
  { code: 'DIVORCE', label: 'Divorce' },
  { code: 'DEATH', label: 'Death' },
  { code: 'OVERAGE', label: 'Child turned 21' },
  { code: 'MARRIED', label: 'Child married' },
  { code: 'CHGSTATUS', label: 'Change of status' },
  { code: 'OTHER', label: 'Other' },
] as const;
/**
 * The SEVIS reason, a code of the office's list for the principal's visa type (F-2 Table 3; J-2 Table 19, or Table 18
 * behind END- for End program: dependentReasonGroups), and remarks, needed with OTHER (09); checked on the server.
 */
export const ZTerminateDependentInput = z.object({
  reasonCode: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(10, MSG.invalidValue),
  remarks: opt(500).default(''),
});
export type TTerminateDependentInput = z.output<typeof ZTerminateDependentInput>;

export const ZSiteOfActivity = z.object({
  id: z.uuid(),
  name: z.string(),
  address: ZStoredAddress,
  isPrimary: z.boolean(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export const ZSiteOfActivityInput = z.object({
  name: req(120),
  address: ZStudentAddress.default({}),
  isPrimary: z.boolean().default(false),
});

export const ZStudentEmployment = z.object({
  id: z.uuid(),
  kind: z.string(),
  optPhase: z.string(),
  status: z.string(),
  authorizedStartDate: z.string().nullable(),
  authorizedEndDate: z.string().nullable(),
  employerName: z.string(),
  jobTitle: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  fullOrPartTime: z.string(),
  requestId: z.string().nullable(),
});

export const ZStudentRecord = z.object({
  id: z.uuid(),
  userId: z.string().nullable(),
  currentStage: z.string(),
  campusSiteId: z.number().int().nullable(),
  campusSiteName: z.string().nullable(),
  sevisId: z.string().nullable(),
  campusId: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  suffix: z.string(),
  email: z.string(),
  gender: z.string(),
  birthDate: z.string().nullable(),
  birthCity: z.string(),
  birthCountryCode: z.string(),
  citizenshipCountryCode: z.string(),
  permanentResidenceCountryCode: z.string(),
  visaType: z.string(),
  sevisStatus: z.string(),
  sevisStatusDate: z.string().nullable(),
  educationLevel: z.string(),
  major1Code: z.string(),
  major2Code: z.string(),
  minorCode: z.string(),
  programStartDate: z.string().nullable(),
  programEndDate: z.string().nullable(),
  documentIssueDate: z.string().nullable(),
  documentIssueReason: z.string(),
  evCategoryCode: z.string(),
  subjectFieldCode: z.string(),
  englishRequired: z.boolean().nullable(),
  englishRequirementsMet: z.boolean().nullable(),
  englishNotRequiredReason: z.string(),
  academicTermMonths: z.number().int().nullable(),
  evPositionCode: z.string(),
  receivedUsGovtFunds: z.boolean().nullable(),
  sessionStartDate: z.string().nullable(),
  sessionEndDate: z.string().nullable(),
  isLastSession: z.boolean(),
  isRegistered: z.boolean(),
  portOfEntry: z.string(),
  entryDate: z.string().nullable(),
  transferDirection: z.string(),
  transferSchool: z.string(),
  transferReleaseDate: z.string().nullable(),
  usAddress: ZStoredAddress,
  foreignAddress: ZStoredAddress,
  phone: z.string(),
  foreignPhoneCountryCode: z.string(),
  foreignPhone: z.string(),
  financials: z.record(z.string(), z.union([z.number(), z.string()])),
  portalAccess: z.number().int(),
  tags: z.array(z.string()),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  dependents: z.array(ZStudentDependent),
  sitesOfActivity: z.array(ZSiteOfActivity),
  employments: z.array(ZStudentEmployment),
  pendingSevisEvents: z.number().int(),
  pendingCorrections: z.number().int(),
  /** The caller may change this record (site reach and, for assistants, the editStudent flag). */
  canEdit: z.boolean(),
});
export type TStudentRecord = z.infer<typeof ZStudentRecord>;

export const ZSevisEvent = z.object({
  id: z.uuid(),
  eventType: z.string(),
  action: z.string(),
  status: z.enum(SEVIS_EVENT_STATUSES),
  message: z.string(),
  /** SEVIS's result code from the transaction log (S0000, S1xxx), '' until one is imported. */
  resultCode: z.string().default(''),
  payload: z.record(z.string(), z.unknown()),
  dependentId: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSevisEvent = z.infer<typeof ZSevisEvent>;

export const ZProfileParams = z.object({ profileId: z.uuid({ error: MSG.notFound }) });
export const ZStudentDependentParams = ZProfileParams.extend({ dependentId: z.uuid({ error: MSG.notFound }) });
export const ZStudentSiteParams = ZProfileParams.extend({ siteId: z.uuid({ error: MSG.notFound }) });
export const ZCorrectionParams = z.object({ correctionId: z.uuid({ error: MSG.notFound }) });

export const ZStageInput = z.object({ stage: z.enum(STUDENT_STAGES, { error: MSG.required }) });
export const ZTagsInput = z.object({ tags: z.array(z.string().trim().min(1, MSG.required).max(60, MSG.invalidLength)).max(30) });

// ---------- corrections ----------
export const ZCorrectionInput = z.object({
  changes: z.record(z.string(), z.unknown()).refine((c) => Object.keys(c).length > 0, 'Change at least one field'),
  reason: z.string().trim().min(1, MSG.required).max(1000, MSG.invalidLength),
});
export type TCorrectionInput = z.input<typeof ZCorrectionInput>;
export const ZCorrectionSummary = z.object({
  id: z.uuid(),
  profileId: z.uuid(),
  studentName: z.string(),
  sevisId: z.string().nullable(),
  visaType: z.string(),
  fields: z.array(z.string()),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decisionNote: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const ZComparisonRow = z.object({
  field: z.string(),
  label: z.string(),
  current: z.unknown(),
  requested: z.unknown(),
  isDifferent: z.boolean(),
});
export const ZCorrectionDetail = ZCorrectionSummary.extend({
  rows: z.array(ZComparisonRow),
  canDecide: z.boolean(),
  decidedByName: z.string().nullable(),
});
export type TCorrectionDetail = z.infer<typeof ZCorrectionDetail>;
export const ZListCorrectionsQuery = ZPageQuery.extend({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  /** Only the corrections of one record (its profile page). */
  profileId: z.uuid({ error: MSG.invalidValue }).optional(),
});
export const ZRejectCorrectionInput = z.object({
  note: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(1000, MSG.invalidLength),
});
export const ZApproveCorrectionInput = z.object({ note: z.string().trim().max(1000, MSG.invalidLength).default('') });

/** The student's own record, read only. */
export const ZMyRecord = ZStudentRecord.omit({ canEdit: true, pendingSevisEvents: true, tags: true, employments: true }).extend({
  corrections: z.array(ZCorrectionSummary),
});
export type TMyRecord = z.infer<typeof ZMyRecord>;

export const getStudent = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId',
  access: 'students.read',
  tags: T,
  summary: 'One student record with dependents, sites of activity, employments and what the caller may do',
  params: ZProfileParams,
  response: ZStudentRecord,
});
export const createStudent = defineRoute({
  method: 'POST',
  path: '/api/students',
  access: 'students.manage',
  tags: T,
  summary:
    'Create a student record (duplicates by SEVIS id, campus id or name and birth date answer 409); raises a SEVIS Create without a SEVIS id',
  body: ZStudentCreateInput,
  response: ZStudentRecord,
});
export const updateStudent = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId',
  access: 'students.manage',
  tags: T,
  summary: 'Change sections of a student record (a stale updatedAt answers 409); raises the SEVIS updates the change needs',
  params: ZProfileParams,
  body: ZStudentUpdateInput,
  response: ZStudentRecord,
});
export const setStudentStage = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/stage',
  access: 'students.manage',
  tags: T,
  summary: "Move a student's portal stage",
  params: ZProfileParams,
  body: ZStageInput,
  response: ZStudentRecord,
});
export const setStudentTags = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/tags',
  access: 'students.manage',
  tags: T,
  summary: "Set a student record's tags",
  params: ZProfileParams,
  body: ZTagsInput,
  response: ZStudentRecord,
});
export const addDependent = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/dependents',
  access: 'students.manage',
  tags: T,
  summary: 'Add a dependent (SEVIS Dependent/Add)',
  params: ZProfileParams,
  body: ZStudentDependentInput,
  response: ZStudentDependent,
});
export const updateDependent = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/dependents/:dependentId',
  access: 'students.manage',
  tags: T,
  summary: 'Change a dependent; a change of identity or countries is flagged for SEVIS (Dependent/Edit)',
  params: ZStudentDependentParams,
  body: ZStudentDependentInput,
  response: ZStudentDependent,
});
export const terminateDependent = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/dependents/:dependentId/terminate',
  access: 'students.manage',
  tags: T,
  summary: 'Terminate a dependent with a reason (SEVIS Dependent/Terminate)',
  params: ZStudentDependentParams,
  body: ZTerminateDependentInput,
  response: ZStudentDependent,
});
export const addSiteOfActivity = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/sites-of-activity',
  access: 'students.manage',
  tags: T,
  summary: "Add an exchange visitor's site of activity (SEVIS SiteOfActivity/Add)",
  params: ZProfileParams,
  body: ZSiteOfActivityInput,
  response: ZSiteOfActivity,
});
export const updateSiteOfActivity = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/sites-of-activity/:siteId',
  access: 'students.manage',
  tags: T,
  summary: 'Change a site of activity (SEVIS SiteOfActivity/Edit)',
  params: ZStudentSiteParams,
  body: ZSiteOfActivityInput,
  response: ZSiteOfActivity,
});
export const deactivateSiteOfActivity = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/sites-of-activity/:siteId/deactivate',
  access: 'students.manage',
  tags: T,
  summary: 'Deactivate a site of activity (SEVIS SiteOfActivity/Delete)',
  params: ZStudentSiteParams,
  response: ZSiteOfActivity,
});
export const getStudentHistory = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/history',
  access: 'students.read',
  tags: T,
  summary: 'History Log of a student record: its events and those of its requests and dependents, newest first',
  params: ZProfileParams,
  query: ZPageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
  response: ZPage(ZAuditEvent),
});
export const listStudentSevisEvents = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/sevis-events',
  access: 'students.read',
  tags: T,
  summary: 'SEVIS updates of a student record (pending and sent)',
  params: ZProfileParams,
  response: z.array(ZSevisEvent),
});
export const getMyRecord = defineRoute({
  method: 'GET',
  path: '/api/students/me',
  access: 'students.self',
  tags: T,
  summary: "The signed-in student's own record, read only, with their correction requests",
  response: ZMyRecord,
});
export const submitCorrection = defineRoute({
  method: 'POST',
  path: '/api/students/me/corrections',
  access: 'students.self',
  tags: T,
  summary: 'Ask the office to correct fields of your own record',
  body: ZCorrectionInput,
  response: ZCorrectionSummary,
});
export const listCorrections = defineRoute({
  method: 'GET',
  path: '/api/student-corrections',
  access: 'students.read',
  tags: T,
  summary: 'Correction requests of the records the caller reaches, newest first',
  query: ZListCorrectionsQuery,
  response: ZPage(ZCorrectionSummary),
});
export const getCorrection = defineRoute({
  method: 'GET',
  path: '/api/student-corrections/:correctionId',
  access: 'students.read',
  tags: T,
  summary: 'A correction request side by side with the current record',
  params: ZCorrectionParams,
  response: ZCorrectionDetail,
});
export const approveCorrection = defineRoute({
  method: 'POST',
  path: '/api/student-corrections/:correctionId/approve',
  access: 'students.manage',
  tags: T,
  summary: 'Approve a correction: applies it, raises the SEVIS update, tells the student',
  params: ZCorrectionParams,
  body: ZApproveCorrectionInput,
  response: ZCorrectionDetail,
});
export const rejectCorrection = defineRoute({
  method: 'POST',
  path: '/api/student-corrections/:correctionId/reject',
  access: 'students.manage',
  tags: T,
  summary: 'Reject a correction with a note to the student',
  params: ZCorrectionParams,
  body: ZRejectCorrectionInput,
  response: ZCorrectionDetail,
});

// ---------- what else the profile page shows: the record's requests, documents and messages ----------
export const ZStudentRequestItem = z.object({
  id: z.uuid(),
  number: z.number().int(),
  typeName: z.string(),
  status: z.string(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const ZStudentDocumentItem = z.object({
  id: z.uuid(),
  fileName: z.string(),
  description: z.string(),
  status: z.string(),
  rejectReason: z.string(),
  sizeBytes: z.number(),
  requestId: z.string().nullable(),
  requestNumber: z.number().int().nullable(),
  requestTypeName: z.string().nullable(),
  createdAt: z.string(),
  checklistItem: z.string(),
  requestTypeCode: z.string().nullable(),
});

export const listStudentRequests = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/requests',
  access: 'students.read',
  tags: T,
  summary: "The record's requests (about it, or started by its portal account), newest first",
  params: ZProfileParams,
  response: z.array(ZStudentRequestItem),
});
export const listStudentDocuments = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/documents',
  access: 'students.read',
  tags: T,
  summary: "Files of the student (their portal account) and of the record's requests",
  params: ZProfileParams,
  response: z.array(ZStudentDocumentItem),
});
export const listMyDocuments = defineRoute({
  method: 'GET',
  path: '/api/students/me/documents',
  access: 'students.self',
  tags: T,
  summary: "The signed-in student's own files: stage uploads and those of their requests (the office's internal files left out)",
  response: z.array(ZStudentDocumentItem),
});
export const listStudentMessages = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/messages',
  access: 'students.read',
  tags: T,
  summary:
    'E-mails about the student record (Message Center, docs/product/messages.md#message-center): those linked to it and older ones sent to its address, newest first, paged',
  params: ZProfileParams,
  query: ZRecordMessagesQuery,
  response: ZPage(ZRecordMessageItem),
});

// ---------- completing a held SEVIS update (docs/product/students-records.md#sevis-updates) ----------
export const ZStudentSevisEventParams = ZProfileParams.extend({ eventId: z.uuid({ error: MSG.notFound }) });
/** The values completionFields lists for the update's type, by name (employerAddress.line1 ...). */
export const ZCompleteSevisEventInput = z.object({
  values: z.record(z.string().max(60, MSG.invalidLength), z.string().max(1000, MSG.invalidLength)),
});
export type TCompleteSevisEventInput = z.infer<typeof ZCompleteSevisEventInput>;
export const completeSevisEvent = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/sevis-events/:eventId/complete',
  access: 'students.manage',
  tags: T,
  summary:
    'Supply what a held-back SEVIS update lacks (400 with fieldErrors values.<name>); the update goes back to the queue for the next batch',
  params: ZStudentSevisEventParams,
  body: ZCompleteSevisEventInput,
  response: ZSevisEvent,
});

// ---------- a J-1 cohort created at once (docs/product/students-records.md#j-1-cohort) ----------
/** SEVIS Table 36: U (unknown) is not for an exchange visitor, so a participant is M or F. */
export const MSG_COHORT_GENDER = 'Choose M or F: SEVIS takes no other gender for an exchange visitor (SEVIS Table 36).';
export const MSG_COHORT_EMPTY = 'Add at least one participant.';
export const MSG_COHORT_TOO_MANY = `A cohort takes at most ${J1_COHORT_MAX_PARTICIPANTS} participants: create the others in another cohort.`;
export const MSG_COHORT_DUPLICATE = 'Another participant of this cohort has the same first name, last name and date of birth.';
/** SEVIS S2226: other funding needs its name with the amount. */
export const MSG_COHORT_OTHER_FUNDS_NAME = 'Say who gives the funds from other sources: SEVIS needs the name with the amount.';
/** SEVIS S2152: the DS-2019's total funding is at least $1. */
export const MSG_COHORT_FUNDING =
  'Enter the funding the DS-2019 shows (program sponsor, personal or other funds): SEVIS refuses a total below $1 without U.S. government funds.';
/** What a cohort's rows and fields answer when one fails: nothing was created (422, fieldErrors participants.N.field). */
export const MSG_COHORT_INVALID = 'Nothing was created: correct the fields marked, then create the cohort again.';

const CIP_CODE = /^\d{2}\.\d{4}$/;
/**
 * A required code with its pattern, saying one thing: 'Required field' when empty, else the pattern's message.
 * Its issues do not abort, so the cohort's checks across rows still run and every row's problems come back at once.
 */
const reqMatching = (re: RegExp, message: string) =>
  z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .superRefine((v, c) => {
      if (!v) c.addIssue({ code: 'custom', message: MSG.required });
      else if (!re.test(v)) c.addIssue({ code: 'custom', message });
    });
const ZOptionalRecordDate = z
  .string({ error: MSG.invalidDate })
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v)), MSG.invalidDate)
  .default('');

/**
 * One participant: who the person is (the record's own fields and rules, SEVIS S2244 / S2245 names,
 * S1058 citizenship) plus what SEVIS's CreateEV requires of every exchange visitor and the single
 * form may leave for later (NonImgBioType: gender, birth city and country, permanent residence);
 * program dates only when they differ from the cohort's.
 */
export const ZJ1CohortParticipant = z.object({
  lastName: ZStudentFields.shape.lastName,
  firstName: ZStudentFields.shape.firstName,
  middleName: ZStudentFields.shape.middleName.default(''),
  email: ZStudentFields.shape.email,
  birthDate: ZRequiredDate,
  gender: reqMatching(/^[MF]$/, MSG_COHORT_GENDER),
  birthCity: req(60),
  birthCountryCode: ZCountryReq,
  citizenshipCountryCode: ZStudentFields.shape.citizenshipCountryCode,
  permanentResidenceCountryCode: ZCountryReq,
  programStartDate: ZOptionalRecordDate,
  programEndDate: ZOptionalRecordDate,
});
export type TJ1CohortParticipant = z.input<typeof ZJ1CohortParticipant>;

/** The DS-2019's funding the cohort shares: U.S. government funds (yes/no) and the amounts (SEVIS FinancialInfo). */
const ZCohortFunding = ZStudentFinancials.pick({ schoolFunds: true, personalFunds: true, otherFunds: true, otherFundsRemarks: true });

/**
 * A cohort: what its participants share, entered once (campus site, SEVIS Table 15 category, Table 28
 * position, subject field, program dates, the primary site of activity, funding), and the participants.
 * Every field error names its place: `programEndDate`, `site.address.postalCode`, `participants.3.birthDate`.
 */
export const ZJ1CohortInput = z
  .object({
    campusSiteId: ZStudentFields.shape.campusSiteId,
    // The category (Table 15) and position (Table 28) are checked against the office's lists by the server
    // (rules/j1-cohort.ts J1_COHORT_SHARED_LOOKUPS, docs/product/lookups.md); here only their shape.
    evCategoryCode: reqMatching(/^[0-9A-Z]{2}$/, MSG_EV_CATEGORY),
    // SEVIS CreateEV PositionCode (EVPositionCodeType, Table 28) is required on every new DS-2019.
    evPositionCode: reqMatching(/^\d{3}$/, MSG_EV_POSITION),
    // SEVIS CreateEV SubjectField/SubjectFieldCode (ProgSubjectCodeType, a CIP code) is required.
    subjectFieldCode: reqMatching(CIP_CODE, SCHOLAR_APP_MSG.cipCode),
    programStartDate: ZRequiredDate,
    programEndDate: ZRequiredDate,
    // CreateEV AddSiteOfActivity (SOA): a name, Address1 and PostalCode at least; it is every participant's primary site.
    site: z.object({
      name: req(120),
      address: ZStudentAddress.extend({
        line1: req(60),
        postalCode: reqMatching(/^\d{5}(-\d{4})?$/, SCHOLAR_APP_MSG.zip),
      }),
    }),
    // CreateEV FinancialInfo/ReceivedUSGovtFunds is required (null, not answered, is refused on the field).
    receivedUsGovtFunds: z
      .boolean({ error: MSG.required })
      .nullable()
      .refine((b) => b !== null, MSG.required),
    financials: ZCohortFunding.default({}),
    participants: z
      .array(ZJ1CohortParticipant, { error: MSG_COHORT_EMPTY })
      .min(1, MSG_COHORT_EMPTY)
      .max(J1_COHORT_MAX_PARTICIPANTS, MSG_COHORT_TOO_MANY),
    /** Check everything (the existing records too) and create nothing. */
    checkOnly: z.boolean().default(false),
  })
  .superRefine((v, c) => {
    // Runs also when some fields failed (their messages stand): dates are compared only when both are dates.
    const ordered = (start: string, end: string) => !isCalendarDate(start) || !isCalendarDate(end) || start <= end;
    // SEVIS S2004: the program starts on or before its end; each participant's own dates too.
    if (!ordered(v.programStartDate, v.programEndDate))
      c.addIssue({ code: 'custom', path: ['programEndDate'], message: 'The program end must be on or after its start' });
    v.participants.forEach((p, i) => {
      const start = p.programStartDate || v.programStartDate;
      const end = p.programEndDate || v.programEndDate;
      if ((p.programStartDate || p.programEndDate) && !ordered(start, end))
        c.addIssue({
          code: 'custom',
          path: ['participants', i, p.programEndDate ? 'programEndDate' : 'programStartDate'],
          message: 'The program end must be on or after its start',
        });
    });
    // SEVIS S2226: other funds need the name of who gives them.
    const f = v.financials;
    if ((f.otherFunds ?? 0) > 0 && !(f.otherFundsRemarks ?? '').trim())
      c.addIssue({ code: 'custom', path: ['financials', 'otherFundsRemarks'], message: MSG_COHORT_OTHER_FUNDS_NAME });
    // SEVIS S2152: without U.S. government funds, what is entered here is the DS-2019's whole funding.
    if (!v.receivedUsGovtFunds && (f.schoolFunds ?? 0) + (f.personalFunds ?? 0) + (f.otherFunds ?? 0) < 1)
      c.addIssue({ code: 'custom', path: ['financials', 'schoolFunds'], message: MSG_COHORT_FUNDING });
    // The same person twice in one cohort (as the single create refuses a second record of a person).
    const seen = new Map<string, number>();
    v.participants.forEach((p, i) => {
      const key = `${p.firstName.toLowerCase()}|${p.lastName.toLowerCase()}|${p.birthDate}`;
      if (seen.has(key)) {
        c.addIssue({ code: 'custom', path: ['participants', i, 'lastName'], message: MSG_COHORT_DUPLICATE });
        c.addIssue({ code: 'custom', path: ['participants', i, 'birthDate'], message: MSG_COHORT_DUPLICATE });
      } else seen.set(key, i);
    });
  });
export type TJ1CohortInput = z.input<typeof ZJ1CohortInput>;
export type TJ1CohortValues = z.output<typeof ZJ1CohortInput>;

export const ZJ1CohortRecord = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  birthDate: z.string(),
  programStartDate: z.string(),
  programEndDate: z.string(),
});
export const ZJ1CohortResult = z.object({
  /** The records created, in the participants' order (none when only checked). */
  records: z.array(ZJ1CohortRecord),
  /** How many participants were checked (all of them pass when the answer is 200). */
  checked: z.number().int(),
  checkOnly: z.boolean(),
  campusSiteName: z.string(),
});
export type TJ1CohortResult = z.infer<typeof ZJ1CohortResult>;

/** A participants file read for review: its rows as participants (nothing is created). */
export const ZJ1CohortFileRows = z.object({
  fileName: z.string(),
  rows: z.array(
    z.object({
      rowNo: z.number().int(),
      values: z.record(z.string(), z.string()),
    }),
  ),
});
export type TJ1CohortFileRows = z.infer<typeof ZJ1CohortFileRows>;

/** The kind of the job that checks and creates a cohort (its result is a TJ1CohortResult). */
export const CREATE_J1_COHORT_JOB = 'students.create-j1-cohort';
/** The kind of the job that reads a participants file (its result is a TJ1CohortFileRows). */
export const READ_J1_COHORT_FILE_JOB = 'students.read-j1-cohort-file';

export const createJ1Cohort = defineRoute({
  method: 'POST',
  path: '/api/students/j1-cohorts',
  access: 'students.manage',
  tags: T,
  summary:
    'Create a cohort of J-1 exchange visitors (ZJ1CohortInput), each record with its site of activity and pending SEVIS Create, in one transaction: 202 with the job, whose result is a ZJ1CohortResult; any failing field fails the job with 422 and fieldErrors such as participants.3.birthDate, and nothing is created; checkOnly checks without creating',
  // Read by the operation itself, so that one answer names every row's problems with 422.
  body: z.record(z.string(), z.unknown()),
  response: ZJob,
});
export const readJ1CohortFile = defineRoute({
  method: 'POST',
  path: '/api/students/j1-cohorts/file',
  access: 'students.manage',
  tags: T,
  summary: `Read a participants file (multipart, field "file": CSV or XLSX, at most ${J1_COHORT_MAX_PARTICIPANTS} rows) into rows for review: 202 with the job, whose result is a ZJ1CohortFileRows; creates nothing`,
  response: ZJob,
});
