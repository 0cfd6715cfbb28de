// Scholars module contracts: the office slice (docs/product/scholars-office.md): Review Sponsorship Request
// (process as a visa type or ineligible, convert), the scholar profile's tabs (office data, processing,
// status history, requests, petitions, History Log, documents), phase/status changes with unlock, premium
// processing, employment details, Account Settings for H-1B and O-1 and the templates per visa type.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import {
  EMPLOYMENT_FLAGS,
  SCHOLAR_PROGRAM_TYPES,
  ZProcessAs,
  ZScholarAccountSettings,
  ZScholarPhase,
  ZScholarStatus,
  type TScholarProgramKey,
} from '../../catalog/scholars.js';
import { ZAuditEvent } from '../audit/index.js';
import { ZRequestCase } from '../requests/index.js';
import { defineRoute, MAX_SERIAL_ID, ZPage, ZPageQuery } from '../define.js';

const T = ['scholars'];

/** An ISO date (the browser's MM/DD/YYYY input sends ISO), within 1753 to 9999. */
export const ZOfficeIsoDate = z
  .string({ error: MSG.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);
const optDate = ZOfficeIsoDate.nullable().default(null);
const text = (max: number) => z.string().trim().max(max, MSG.invalidLength).default('');
/** Money as typed: up to 6 integer digits and 2 decimals (docs/product/ui.md#digits-amounts-and-text), '' when not known. */
const money = z
  .string()
  .trim()
  .regex(/^(\d{1,6}(\.\d{1,2})?)?$/, 'Enter an amount, e.g. 85000 or 85000.50')
  .default('');
const version = z.number({ error: MSG.required }).int().min(1);

export const END_BEFORE_START = 'The end date is on or after the start date';
export const FUTURE_CHANGE_DATE = 'The change date cannot be in the future';
export const REASON_REQUIRED = 'Give the reason the scholar is ineligible';
export const STALE_CASE = 'This case was changed by someone else since you opened it. Reload to see their changes, then make yours again.';

/** The program keys a template is kept for, in the order of the Templates page. */
export const TEMPLATE_PROGRAM_KEYS = [
  'sponsorship',
  'H-1B',
  'H-1BExtension',
  'H-1BAmendment',
  'O-1',
  'O-1Amendment',
  'o1Extension',
  'J-1',
  'F-1 OPT/STEM',
] as const satisfies readonly TScholarProgramKey[];
export const ZTemplateProgramKey = z.enum(TEMPLATE_PROGRAM_KEYS);
/** A template by its program request type's code (safe in an address, unlike 'F-1 OPT/STEM'). */
export const ZTemplateCode = z.enum(Object.values(SCHOLAR_PROGRAM_TYPES) as [string, ...string[]], { error: MSG.notFound });
export const TEMPLATE_LABELS: Record<(typeof TEMPLATE_PROGRAM_KEYS)[number], string> = {
  sponsorship: 'Sponsorship request',
  'H-1B': 'H-1B',
  'H-1BExtension': 'H-1B Extension',
  'H-1BAmendment': 'H-1B Amendment',
  'O-1': 'O-1',
  'O-1Amendment': 'O-1 Amendment',
  o1Extension: 'O-1 Extension',
  'J-1': 'J-1',
  'F-1 OPT/STEM': 'F-1 OPT/STEM',
};

// ---------- inputs ----------
export const ZProcessSponsorshipInput = z
  .object({
    processAs: ZProcessAs,
    /** Default: the proposed dates. */
    processedStartDate: optDate,
    processedEndDate: optDate,
    /** Required for Ineligible: the department reads it. */
    reason: text(1000),
    notes: text(2000),
    version,
  })
  .superRefine((v, c) => {
    if (v.processAs === 'Ineligible' && !v.reason) c.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
    if (v.processedStartDate && v.processedEndDate && v.processedEndDate < v.processedStartDate) {
      c.addIssue({ code: 'custom', path: ['processedEndDate'], message: END_BEFORE_START });
    }
  });
export type TProcessSponsorshipInput = z.input<typeof ZProcessSponsorshipInput>;

export const ZStatusChangeInput = z.object({
  phase: ZScholarPhase,
  status: ZScholarStatus,
  notes: text(2000),
  /** The day the change took effect; not after today. */
  changeDate: ZOfficeIsoDate,
  referenceNumber: text(60),
  referenceDate: optDate,
  changeReason: text(500),
  /** unlockedActiveRecord: give the application back to the scholar to change and resubmit. */
  unlock: z.boolean().default(false),
  version,
});
export type TStatusChangeInput = z.input<typeof ZStatusChangeInput>;

/** The office's data of the case (H-1B / O-1 information; J-1 program data), all optional. */
export const ZOfficeData = z
  .object({
    lcaNumber: text(40),
    lcaStartDate: optDate,
    lcaEndDate: optDate,
    socCode: z
      .string()
      .trim()
      .regex(/^(\d{2}-\d{4}(\.\d{2})?)?$/, 'Enter the SOC code as 15-1252 or 15-1252.00')
      .default(''),
    socTitle: text(120),
    wageLevel: z.enum(['', 'I', 'II', 'III', 'IV']).default(''),
    prevailingWage: money,
    offeredWage: money,
    wageUnit: z.enum(['', 'year', 'month', 'week', 'hour']).default(''),
    worksiteAddress: text(120),
    worksiteCity: text(60),
    worksiteState: text(30),
    worksitePostalCode: z
      .string()
      .trim()
      .regex(/^(\d{5}(-\d{4})?)?$/, 'Enter a 5-digit ZIP code')
      .default(''),
    receiptNumber: text(20),
    /** A code of the office's `scholar-categories` list, checked against it by the server (docs/product/lookups.md#how-forms-use-the-lists). */
    j1Category: text(20),
    subjectFieldCode: z
      .string()
      .trim()
      .regex(/^(\d{2}\.\d{4})?$/, 'Enter the CIP code as 40.0801')
      .default(''),
    sevisId: z
      .string()
      .trim()
      .regex(/^(N\d{10})?$/, 'A SEVIS id is N followed by 10 digits')
      .default(''),
    ds2019StartDate: optDate,
    ds2019EndDate: optDate,
    fundingAmount: money,
    notes: text(2000),
  })
  .superRefine((v, c) => {
    if (v.lcaStartDate && v.lcaEndDate && v.lcaEndDate < v.lcaStartDate)
      c.addIssue({ code: 'custom', path: ['lcaEndDate'], message: END_BEFORE_START });
    if (v.ds2019StartDate && v.ds2019EndDate && v.ds2019EndDate < v.ds2019StartDate)
      c.addIssue({ code: 'custom', path: ['ds2019EndDate'], message: END_BEFORE_START });
  });
export type TOfficeData = z.output<typeof ZOfficeData>;
export const ZOfficeDataInput = z.object({ officeData: ZOfficeData, version });
export type TOfficeDataInput = z.input<typeof ZOfficeDataInput>;

export const ZPremiumProcessing = z
  .object({
    premiumProcessFlag: z.boolean().default(false),
    receiptNumber: z
      .string()
      .trim()
      .regex(/^([A-Z]{3}\d{10})?$/, 'A receipt number is 3 letters and 10 digits, e.g. WAC2190012345')
      .default(''),
    requestedDate: optDate,
    fee: money,
    decisionDate: optDate,
  })
  .superRefine((v, c) => {
    if (v.requestedDate && v.decisionDate && v.decisionDate < v.requestedDate)
      c.addIssue({ code: 'custom', path: ['decisionDate'], message: 'The decision date is on or after the requested date' });
  });
export type TPremiumProcessing = z.output<typeof ZPremiumProcessing>;
export const ZPremiumProcessingInput = z.object({ premiumProcessing: ZPremiumProcessing, version });
export type TPremiumProcessingInput = z.input<typeof ZPremiumProcessingInput>;

const flags = Object.fromEntries(EMPLOYMENT_FLAGS.map((f) => [f.key, z.boolean().default(false)])) as Record<
  (typeof EMPLOYMENT_FLAGS)[number]['key'],
  z.ZodDefault<z.ZodBoolean>
>;
export const ZEmploymentDetails = z
  .object({
    employerName: z
      .string()
      .trim()
      .max(60, MSG.invalidLength)
      .regex(/^[A-Za-z0-9 ,./:'#&-]*$/, MSG.invalidValue)
      .default(''),
    jobTitle: z
      .string()
      .trim()
      .max(60, MSG.invalidLength)
      .regex(/^[A-Za-z0-9, ]*$/, MSG.invalidValue)
      .default(''),
    hoursPerWeek: z.number({ error: MSG.invalidNumber }).min(0, MSG.invalidNumber).max(168, MSG.invalidNumber).nullable().default(null),
    wages: money,
    wageUnit: z.enum(['', 'year', 'month', 'week', 'hour']).default(''),
    startDate: optDate,
    endDate: optDate,
    ...flags,
  })
  .superRefine((v, c) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate) c.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START });
  });
export type TEmploymentDetails = z.output<typeof ZEmploymentDetails>;
export const ZEmploymentDetailsInput = z.object({ employment: ZEmploymentDetails, version });
export type TEmploymentDetailsInput = z.input<typeof ZEmploymentDetailsInput>;

/** Distinct positive whole numbers of days (default 60 and 30). */
export const ZAccountSettingsInput = ZScholarAccountSettings.extend({
  endDateAlertOffsets: z
    .array(
      z
        .number({ error: MSG.invalidNumber })
        .int('Enter whole days')
        .min(1, 'Enter a number of days from 1 to 365')
        .max(365, 'Enter a number of days from 1 to 365'),
    )
    .min(1, 'Keep at least one alert')
    .max(6, 'At most 6 alerts')
    .refine((a) => new Set(a).size === a.length, 'Each alert needs a different number of days'),
});
export type TAccountSettingsInput = z.input<typeof ZAccountSettingsInput>;

export const ZTemplateInput = z.object({
  questionnaireIds: z.array(z.uuid()).max(50).default([]),
  documentIds: z.array(z.uuid()).max(100).default([]),
});
export type TTemplateInput = z.input<typeof ZTemplateInput>;

// ---------- outputs ----------
export const ZStatusHistoryRow = z.object({
  id: z.string(),
  phase: z.string(),
  status: z.string(),
  notes: z.string(),
  changeDate: z.string(),
  referenceNumber: z.string(),
  referenceDate: z.string().nullable(),
  changeReason: z.string(),
  isUnlocked: z.boolean(),
  visaCode: z.string(),
  changedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TStatusHistoryRow = z.infer<typeof ZStatusHistoryRow>;

export const ZPetition = z.object({
  id: z.string(),
  proposedStatus: z.string(),
  processedState: z.string(),
  phase: z.string(),
  status: z.string(),
  processedStartDate: z.string().nullable(),
  processedEndDate: z.string().nullable(),
  departmentName: z.string(),
  createdAt: z.string(),
  isCurrent: z.boolean(),
});
export type TPetition = z.infer<typeof ZPetition>;

const ZEngineRef = z.object({ id: z.string(), number: z.number().int(), status: z.string(), typeName: z.string() });

export const ZOfficeCase = z.object({
  id: z.string(),
  version: z.number().int(),
  scholar: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    userId: z.string().nullable(),
    processedState: z.string(),
    currentApplicationId: z.string().nullable(),
    /** The scholar has set a password (or signed in) on the portal account; userId without it means invited only. */
    hasAccount: z.boolean(),
  }),
  department: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  /** The case's campus site; null for a case a department started (the exchange visitor record then asks for one). */
  campusSiteId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  proposedStatus: z.string(),
  proposedStartDate: z.string().nullable(),
  proposedEndDate: z.string().nullable(),
  position: z.string(),
  hiringAuthorityName: z.string(),
  hiringAuthorityEmail: z.string(),
  sponsorshipState: z.string(),
  processedState: z.string(),
  processedStartDate: z.string().nullable(),
  processedEndDate: z.string().nullable(),
  applicationState: z.string(),
  submittedToIsssAt: z.string().nullable(),
  phase: z.string(),
  status: z.string(),
  statusChangeDate: z.string().nullable(),
  isLocked: z.boolean(),
  premiumProcessing: ZPremiumProcessing,
  employment: ZEmploymentDetails,
  officeData: ZOfficeData,
  /** The scholar's application form (read only here). */
  data: z.record(z.string(), z.unknown()),
  sponsorshipRequest: ZEngineRef.nullable(),
  applicationRequest: ZEngineRef.nullable(),
  history: z.array(ZStatusHistoryRow),
  petitions: z.array(ZPetition),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller may edit the case's data and its application form (the scholar area's edit, within their visa types and departments). */
  canManage: z.boolean(),
  /** The caller may process and move the case: phase and status, unlock, exchange visitor record (the scholar area's process). */
  canMove: z.boolean(),
  /** Process as / convert is possible now (the caller may process, and the request is with the office). */
  canProcess: z.boolean(),
  /** The caller reaches the case's engine requests (their documents, comments and request pages): officers of its site and super users. */
  canOpenRequests: z.boolean(),
  /** The case's J-1 exchange visitor record in the students module (its SEVIS id and Create), null until the office creates it. */
  exchangeVisitor: z
    .object({
      profileId: z.string(),
      sevisId: z.string().nullable(),
      sevisStatus: z.string(),
      evCategoryCode: z.string(),
      createStatus: z.string().nullable(),
      createMessage: z.string(),
      /** The record's J-2 dependents (from the application) and the SEVIS ID each got from the transaction log. */
      dependents: z.array(
        z.object({
          id: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          /** SEVIS Table 35 (DependentCodeType): 01 spouse, 02 child. */
          relationshipCode: z.string(),
          sevisId: z.string().nullable(),
          status: z.string(),
        }),
      ),
    })
    .nullable(),
  /** A processed J-1 case without a record, and the caller is office staff of its campus site. */
  canCreateExchangeVisitor: z.boolean(),
});
export type TOfficeCase = z.infer<typeof ZOfficeCase>;

/** SEVIS Table 36 for an exchange visitor's dependent: F or M (U, unknown, is not for an exchange visitor). */
export const MSG_J2_GENDER = 'Choose female or male: SEVIS takes no other gender for an exchange visitor’s dependent (SEVIS Table 36).';

/**
 * One dependent of the scholar's J-1 application as the office confirms it for SEVIS (a J-2 of the
 * exchange visitor record, docs/product/scholars-office.md#exchange-visitor-record): entry i is the
 * application's dependent i. Empty names, relationship and birth date are taken from the application;
 * the SEVIS codes it does not hold are given here. `include: false` leaves the dependent out on
 * purpose (e.g. a child of 21, whom SEVIS does not take as a J-2); a dependent left in is never dropped
 * silently: what SEVIS would refuse comes back on its fields (`dependents.<i>.<field>`).
 */
export const ZCaseEvDependentInput = z.object({
  include: z.boolean().default(true),
  firstName: text(60),
  lastName: text(60),
  /** A code of the office's `dependent-relationships` list (SEVIS Table 35: 01 spouse, 02 child), checked against it by the server. */
  relationshipCode: text(20),
  birthDate: text(10),
  gender: z.enum(['', 'M', 'F'], { error: MSG_J2_GENDER }).default(''),
  birthCity: text(60),
  birthCountryCode: text(2),
  citizenshipCountryCode: text(2),
  permanentResidenceCountryCode: text(2),
  /** The DS-2019's purpose for the J-2 (EVPrintReasonType: 06 accompanying, 08 following to join). */
  formPurpose: z.enum(['', '06', '08'], { error: MSG.invalidValue }).default(''),
});
export type TCaseEvDependentInput = z.input<typeof ZCaseEvDependentInput>;

/**
 * What the office confirms when it makes a J-1 case an exchange visitor record: what the case does
 * not hold as SEVIS codes. Empty fields are taken from the case (category, subject field, countries,
 * gender); the record's own rules check the result, on these same field names. The application's
 * dependents become J-2 dependents of the record (`dependents`, one entry per application dependent).
 */
export const ZCaseExchangeVisitorInput = z.object({
  evCategoryCode: text(2),
  evPositionCode: text(3),
  subjectFieldCode: text(7),
  /** A code of the office's `genders` list with the `ev` attribute (SEVIS Table 36: M or F), checked against it by the server. */
  gender: text(20),
  birthCity: text(60),
  birthCountryCode: text(2),
  citizenshipCountryCode: text(2),
  permanentResidenceCountryCode: text(2),
  /** The record's campus site when the case has none. */
  campusSiteId: z.number().int().min(1).max(MAX_SERIAL_ID, MSG.invalidValue).nullable().default(null),
  /** At most 25: SEVIS CreateEV carries up to 25 dependents (CreateDependent/Dependent maxOccurs 25). */
  dependents: z.array(ZCaseEvDependentInput).max(25, MSG.invalidLength).default([]),
  version,
});
export type TCaseExchangeVisitorInput = z.input<typeof ZCaseExchangeVisitorInput>;

export const ZCaseRequest = z.object({
  id: z.string(),
  number: z.number().int(),
  typeCode: z.string(),
  typeName: z.string(),
  status: z.string(),
  requesterName: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  isOfThisCase: z.boolean(),
  /** The scholar case the request is the sponsorship request or the application of, and where it stands. */
  case: ZRequestCase.nullable(),
});
export type TCaseRequest = z.infer<typeof ZCaseRequest>;

export const ZCaseDocument = z.object({
  id: z.string(),
  requestId: z.string(),
  requestNumber: z.number().int(),
  requestTypeName: z.string(),
  fileName: z.string(),
  description: z.string(),
  documentName: z.string().nullable(),
  status: z.string(),
  rejectReason: z.string(),
  sizeBytes: z.number().int(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
  isVisibleToRequester: z.boolean(),
  isVisibleToDepartment: z.boolean(),
});
export type TCaseDocument = z.infer<typeof ZCaseDocument>;

export const ZTemplate = z.object({
  key: ZTemplateProgramKey,
  code: z.string(),
  label: z.string(),
  requestTypeId: z.string(),
  requestTypeName: z.string(),
  questionnaireIds: z.array(z.string()),
  documentIds: z.array(z.string()),
  updatedAt: z.string(),
});
export type TTemplate = z.infer<typeof ZTemplate>;
export const ZTemplatesOutput = z.object({
  templates: z.array(ZTemplate),
  questionnaires: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), isRetired: z.boolean() })),
  documents: z.array(
    z.object({ id: z.string(), name: z.string(), documentType: z.string(), isRequired: z.boolean(), appliesTo: z.string() }),
  ),
});
export type TTemplatesOutput = z.infer<typeof ZTemplatesOutput>;

// ---------- routes ----------
const ZCaseParams = z.object({ applicationId: z.uuid({ error: MSG.notFound }) });
const CASE = '/api/scholars/office/cases/:applicationId';

export const getOfficeCase = defineRoute({
  method: 'GET',
  path: CASE,
  access: 'scholars.read',
  tags: T,
  summary: 'A scholar case as the office sees it: the sponsorship request, processing, office data, status history and petitions',
  params: ZCaseParams,
  response: ZOfficeCase,
});
export const processSponsorship = defineRoute({
  method: 'POST',
  path: `${CASE}/process`,
  access: 'scholars.process',
  tags: T,
  summary: 'Process a sponsorship request as a visa type (or convert a processed case to another), or close it as ineligible',
  params: ZCaseParams,
  body: ZProcessSponsorshipInput,
  response: ZOfficeCase,
});
export const changeCaseStatus = defineRoute({
  method: 'POST',
  path: `${CASE}/status`,
  access: 'scholars.process',
  tags: T,
  summary: 'Move a case to a phase and status (notes, change date, reference, reason; optionally unlock the application for the scholar)',
  params: ZCaseParams,
  body: ZStatusChangeInput,
  response: ZOfficeCase,
});
export const updateOfficeData = defineRoute({
  method: 'PUT',
  path: `${CASE}/office-data`,
  access: 'scholars.manage',
  tags: T,
  summary: "The office's H-1B / O-1 information (LCA, SOC code, wages, worksite) or J-1 program data of a case",
  params: ZCaseParams,
  body: ZOfficeDataInput,
  response: ZOfficeCase,
});
export const createCaseExchangeVisitor = defineRoute({
  method: 'POST',
  path: `${CASE}/exchange-visitor`,
  access: 'scholars.process',
  tags: T,
  summary:
    "Makes a processed J-1 case an exchange visitor record (students module) that raises the SEVIS Create; office staff of the case's campus site",
  params: ZCaseParams,
  body: ZCaseExchangeVisitorInput,
  response: ZOfficeCase,
});
export const updatePremiumProcessing = defineRoute({
  method: 'PUT',
  path: `${CASE}/premium-processing`,
  access: 'scholars.manage',
  tags: T,
  summary: 'Premium processing of a petition: flag, receipt number, requested date, fee, decision date',
  params: ZCaseParams,
  body: ZPremiumProcessingInput,
  response: ZOfficeCase,
});
export const updateEmploymentDetails = defineRoute({
  method: 'PUT',
  path: `${CASE}/employment`,
  access: 'scholars.manage',
  tags: T,
  summary: 'Employment details of a case: employer, job title, hours, wages, dates and the employment flags',
  params: ZCaseParams,
  body: ZEmploymentDetailsInput,
  response: ZOfficeCase,
});
export const listCaseRequests = defineRoute({
  method: 'GET',
  path: `${CASE}/requests`,
  access: 'scholars.read',
  tags: T,
  summary: "The scholar's engine requests (sponsorship requests, applications and other requests), newest first",
  params: ZCaseParams,
  response: z.array(ZCaseRequest),
});
export const listCaseDocuments = defineRoute({
  method: 'GET',
  path: `${CASE}/documents`,
  access: 'scholars.read',
  tags: T,
  summary: "The files on the case's engine requests",
  params: ZCaseParams,
  response: z.array(ZCaseDocument),
});
export const getCaseHistory = defineRoute({
  method: 'GET',
  path: `${CASE}/history`,
  access: 'scholars.read',
  tags: T,
  summary: 'History Log of a case: its events and those of its engine requests, newest first',
  params: ZCaseParams,
  query: ZPageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
  response: ZPage(ZAuditEvent),
});
export const getScholarAccountSettings = defineRoute({
  method: 'GET',
  path: '/api/scholars/office/account-settings',
  access: 'scholars.configure',
  tags: T,
  summary: 'Account Settings for H-1B and O-1: what departments see and when end-date alerts go out',
  response: ZScholarAccountSettings,
});
export const updateScholarAccountSettings = defineRoute({
  method: 'PUT',
  path: '/api/scholars/office/account-settings',
  access: 'scholars.configure',
  tags: T,
  summary: 'Change the Account Settings for H-1B and O-1',
  body: ZAccountSettingsInput,
  response: ZScholarAccountSettings,
});
export const listScholarTemplates = defineRoute({
  method: 'GET',
  path: '/api/scholars/office/templates',
  access: 'scholars.configure',
  tags: T,
  summary: 'Templates per visa type: the questionnaires and documents each application asks for, and those to choose from',
  response: ZTemplatesOutput,
});
export const updateScholarTemplate = defineRoute({
  method: 'PUT',
  path: '/api/scholars/office/templates/:code',
  access: 'scholars.configure',
  tags: T,
  summary: "Choose the questionnaires and documents of one visa type (by its program request type's code, e.g. h1b_application)",
  params: z.object({ code: ZTemplateCode }),
  body: ZTemplateInput,
  response: ZTemplate,
});
