// The students module's records routes for a trainee's or intern's Training/Internship Placement Plan
// (T/IPP, form DS-7002): the participant, the placement sites with their phases, the signature dates,
// and the reprint of the DS-7002 (docs/product/students-records.md#the-ds-7002-traininginternship-placement-plan).
// Field limits are those of the exchange visitor schema 6.27 (Create-UpdateExchangeVisitor.xsd
// ParticipantInfo, TippSite, TippPhase, TippSignatureDates; Common.xsd; SEVISTable.xsd).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import { digitsTyped, phoneDigitsTyped } from '../../rules/typed-numbers.js';
import { TIPP_MSG } from '../../rules/tipp-rules.js';
import { defineRoute } from '../define.js';
import { ZProfileParams, ZStoredAddress } from './records.js';

const T = ['students'];

const ZIsoDate = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);
const ZOptionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate)
  .nullable()
  .default(null);
/** Common.xsd OneToOneHundredChars, FieldOfStudy, TypeOfDegree, URL (1 to `max`). */
const text = (max: number) => z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, MSG.invalidLength);
const optText = (max: number) => z.string().trim().max(max, MSG.invalidLength).default('');
/** SEVISTable.xsd EmailType (at most 255). */
const ZEmail = z.string({ error: MSG.required }).trim().min(1, MSG.required).max(254, MSG.invalidLength).email(MSG.invalidEmail);
/** Common.xsd OneToFortyNonNumeric: a supervisor's name, up to 40 characters without digits. */
export const MSG_TIPP_NAME = 'Use up to 40 characters, without digits';
const ZNonNumeric = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .regex(/^\D{1,40}$/, MSG_TIPP_NAME);
/** Common.xsd PhoneTenDigits. */
/** A U.S. phone typed as people write it (217-555-0199), kept as its 10 digits (rules/typed-numbers.ts). */
const ZPhone = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .transform((v) => phoneDigitsTyped(v, true))
  .pipe(z.string().regex(/^\d{10}$/, 'Enter 10 digits'));
const ZOptPhone = z
  .string()
  .trim()
  .transform((v) => phoneDigitsTyped(v, true))
  .pipe(z.string().regex(/^(\d{10})?$/, 'Enter 10 digits'))
  .default('');
/** Common.xsd PhoneExt. */
const ZPhoneExt = z
  .string()
  .trim()
  .regex(/^(\d{1,4})?$/, 'Enter up to 4 digits')
  .default('');
/** Common.xsd OneToThreeThousandChars: the DS-7002's narrative answers. */
const narrative = () => text(3000);

export const MSG_TIPP_EIN = "Enter the employer's 9-digit federal tax ID (EIN)";
export const MSG_TIPP_ZIP = 'Enter the 5-digit ZIP code';
export const MSG_TIPP_STATE = 'Use the two-letter state code (e.g. MA)';
export const MSG_TIPP_EMPLOYEES = 'Enter the number of full-time employees, up to 6 digits';
export const MSG_TIPP_HOURS = 'Enter the hours per week, 1 to 99';
export const MSG_TIPP_STIPEND = 'Enter an amount in dollars (e.g. 2500 or 2500.00), up to 7 digits';
export const MSG_TIPP_YEARS = 'Enter the years of experience, 0 to 99';

/** A T/IPP site's address (GenericSiteOfActivity: Address1 and the 5-digit PostalCode required; City, State optional). */
export const ZTippAddress = z.object({
  line1: text(64),
  line2: optText(64),
  city: optText(60),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, MSG_TIPP_STATE)
    .default(''),
  postalCode: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    // Typed as people write it (`61820`, `61 820`): spaces and hyphens out, then exactly 5 digits; a ZIP+4
    // is refused with the message rather than cut (rules/typed-numbers.ts).
    .transform((s) => digitsTyped(s))
    .pipe(z.string().regex(/^\d{5}$/, MSG_TIPP_ZIP)),
});

/** ParticipantInfo (or the exemption instead of a T/IPP: SEVISTable.xsd TippExemptProgram). */
export const ZTippParticipantInput = z
  .object({
    exemptProgram: z.enum(['', 'IWT', 'KW'], { error: MSG.invalidValue }).default(''),
    /** ParticipantInfo IsIWT: asked of an intern who is a citizen of Ireland (SEVIS S2261, S2258). */
    isIwt: z.boolean({ error: MSG.invalidValue }).nullable().default(null),
    email: z.string().trim().max(254, MSG.invalidLength).default(''),
    fieldOfStudy: optText(100),
    yearsOfExperience: z
      .number({ error: MSG_TIPP_YEARS })
      .int(MSG_TIPP_YEARS)
      .min(0, MSG_TIPP_YEARS)
      .max(99, MSG_TIPP_YEARS)
      .nullable()
      .default(null),
    typeOfDegree: optText(100),
    degreeDate: ZOptionalDate,
  })
  .superRefine((v, c) => {
    // An exempt exchange visitor sends only the exemption; everyone else the participant information.
    if (v.exemptProgram) return;
    const need = (path: 'email' | 'fieldOfStudy' | 'typeOfDegree' | 'degreeDate', ok: boolean) => {
      if (!ok) c.addIssue({ code: 'custom', path: [path], message: MSG.required });
    };
    need('email', !!v.email);
    if (v.email && !ZEmail.safeParse(v.email).success) c.addIssue({ code: 'custom', path: ['email'], message: MSG.invalidEmail });
    need('fieldOfStudy', !!v.fieldOfStudy);
    need('typeOfDegree', !!v.typeOfDegree);
    need('degreeDate', !!v.degreeDate);
  });
export type TTippParticipantInput = z.input<typeof ZTippParticipantInput>;

/** TippSite: the host organization, its address, compensation and the site supervisor. */
export const ZTippSiteInput = z
  .object({
    name: text(60),
    address: ZTippAddress,
    isPrimary: z.boolean().default(false),
    employerEin: z
      .string({ error: MSG_TIPP_EIN })
      .trim()
      .transform((s) => digitsTyped(s))
      .pipe(z.string().regex(/^\d{9}$/, MSG_TIPP_EIN)),
    fullTimeEmployees: z
      .number({ error: MSG_TIPP_EMPLOYEES })
      .int(MSG_TIPP_EMPLOYEES)
      .min(0, MSG_TIPP_EMPLOYEES)
      .max(999999, MSG_TIPP_EMPLOYEES),
    annualRevenue: z.enum(['01', '02', '03', '04'], { error: MSG.required }),
    websiteUrl: text(250),
    workersComp: z.enum(['Y', 'N'], { error: MSG.required }),
    workersCompCarrier: optText(100),
    workersCompForEv: z.enum(['Y', 'N', 'E'], { error: MSG.required }),
    evHoursPerWeek: z.number({ error: MSG_TIPP_HOURS }).int(MSG_TIPP_HOURS).min(1, MSG_TIPP_HOURS).max(99, MSG_TIPP_HOURS),
    stipend: z.enum(['Y', 'N'], { error: MSG.required }),
    stipendAmount: z
      .string()
      .trim()
      .regex(/^(\d{1,7}(\.\d\d)?)?$/, MSG_TIPP_STIPEND)
      .default(''),
    stipendFrequency: z.enum(['', '01', '02', '03', '04', '05'], { error: MSG.invalidValue }).default(''),
    nonMonetaryComp: optText(100),
    supervisorLastName: ZNonNumeric,
    supervisorFirstName: ZNonNumeric,
    supervisorTitle: text(100),
    supervisorPhone: ZPhone,
    supervisorPhoneExt: ZPhoneExt,
    supervisorEmail: ZEmail,
    supervisorFax: ZOptPhone,
  })
  .superRefine((v, c) => {
    if (v.stipend !== 'Y') return;
    if (!v.stipendAmount) c.addIssue({ code: 'custom', path: ['stipendAmount'], message: TIPP_MSG.stipendAmount });
    if (!v.stipendFrequency) c.addIssue({ code: 'custom', path: ['stipendFrequency'], message: TIPP_MSG.stipendAmount });
  });
export type TTippSiteInput = z.input<typeof ZTippSiteInput>;

/** TippPhase: its dates, training field, the phase supervisor and the DS-7002's narrative answers. */
export const ZTippPhaseInput = z.object({
  name: text(100),
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  trainingField: text(100),
  supervisorLastName: ZNonNumeric,
  supervisorFirstName: ZNonNumeric,
  supervisorMiddleInitial: z
    .string()
    .trim()
    .regex(/^(\D)?$/, 'One letter')
    .default(''),
  supervisorTitle: text(100),
  supervisorEmail: ZEmail,
  supervisorPhone: ZPhone,
  supervisorPhoneExt: ZPhoneExt,
  evRole: narrative(),
  goalsAndObjectives: narrative(),
  supervisorQualifications: narrative(),
  culturalActivities: narrative(),
  skillsLearned: narrative(),
  teachingMethod: narrative(),
  competencyMeasurement: narrative(),
  additionalRemarks: optText(3000),
});
export type TTippPhaseInput = z.input<typeof ZTippPhaseInput>;

/** TippSignatureDates of one site: the program official (SEVIS user name and date), the exchange visitor, each phase's supervisor. */
export const ZTippSignaturesInput = z
  .object({
    officialUserName: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9]{7,10})?$/, TIPP_MSG.officialUserName)
      .default(''),
    officialSignatureDate: ZOptionalDate,
    evSignatureDate: ZOptionalDate,
    phases: z
      .array(z.object({ phaseId: z.uuid({ error: MSG.notFound }), supervisorSignatureDate: ZOptionalDate }))
      .max(100)
      .default([]),
  })
  .superRefine((v, c) => {
    if (!!v.officialUserName !== !!v.officialSignatureDate)
      c.addIssue({
        code: 'custom',
        path: [v.officialUserName ? 'officialSignatureDate' : 'officialUserName'],
        message: TIPP_MSG.officialPair,
      });
  });
export type TTippSignaturesInput = z.input<typeof ZTippSignaturesInput>;

export const ZPrintDs7002Input = z.object({
  /** One site's DS-7002 (Reprint7002/SiteId), or the whole plan when null. */
  siteId: z.uuid({ error: MSG.invalidValue }).nullable().default(null),
});

export const ZTippPhase = z.object({
  id: z.uuid(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  trainingField: z.string(),
  supervisorLastName: z.string(),
  supervisorFirstName: z.string(),
  supervisorMiddleInitial: z.string(),
  supervisorTitle: z.string(),
  supervisorEmail: z.string(),
  supervisorPhone: z.string(),
  supervisorPhoneExt: z.string(),
  supervisorSignatureDate: z.string().nullable(),
  evRole: z.string(),
  goalsAndObjectives: z.string(),
  supervisorQualifications: z.string(),
  culturalActivities: z.string(),
  skillsLearned: z.string(),
  teachingMethod: z.string(),
  competencyMeasurement: z.string(),
  additionalRemarks: z.string(),
  /** SEVIS's PhaseId once the transaction log names it ('' until then). */
  sevisPhaseId: z.string(),
  /** SEVIS S2281: whether it may still be removed (the office's today is before its start). */
  canRemove: z.boolean(),
});
export type TTippPhase = z.infer<typeof ZTippPhase>;

export const ZTippSite = z.object({
  id: z.uuid(),
  name: z.string(),
  address: ZStoredAddress,
  isPrimary: z.boolean(),
  employerEin: z.string(),
  fullTimeEmployees: z.number().int(),
  annualRevenue: z.string(),
  websiteUrl: z.string(),
  workersComp: z.string(),
  workersCompCarrier: z.string(),
  workersCompForEv: z.string(),
  evHoursPerWeek: z.number().int(),
  stipend: z.string(),
  stipendAmount: z.string(),
  stipendFrequency: z.string(),
  nonMonetaryComp: z.string(),
  supervisorLastName: z.string(),
  supervisorFirstName: z.string(),
  supervisorTitle: z.string(),
  supervisorPhone: z.string(),
  supervisorPhoneExt: z.string(),
  supervisorEmail: z.string(),
  supervisorFax: z.string(),
  officialUserName: z.string(),
  officialSignatureDate: z.string().nullable(),
  evSignatureDate: z.string().nullable(),
  /** SEVIS's SiteId once the transaction log names it ('' until then). */
  sevisSiteId: z.string(),
  phases: z.array(ZTippPhase),
});
export type TTippSite = z.infer<typeof ZTippSite>;

export const ZTipp = z.object({
  profileId: z.uuid(),
  /** The record's category has a T/IPP (SEVIS Table 15: 1G, 2A, 2B, 14, 15; SEVIS S2218). */
  applies: z.boolean(),
  evCategoryCode: z.string(),
  /** A T/IPP (or an exemption) is recorded. */
  exists: z.boolean(),
  exemptProgram: z.string(),
  isIwt: z.boolean().nullable(),
  /** SEVIS asks an intern who is a citizen of Ireland whether they are in IWT (S2261). */
  asksIwt: z.boolean(),
  email: z.string(),
  fieldOfStudy: z.string(),
  yearsOfExperience: z.number().int().nullable(),
  typeOfDegree: z.string(),
  degreeDate: z.string().nullable(),
  programStartDate: z.string().nullable(),
  programEndDate: z.string().nullable(),
  sites: z.array(ZTippSite),
  /** What SEVIS would refuse in the plan as it stands (S2260, S2262, S2254 ...), in words. */
  issues: z.array(z.string()),
  /** The record has its SEVIS ID: changes go to SEVIS as T/IPP updates. */
  inSevis: z.boolean(),
  /** The exemption can still change (SEVIS sets it only when it creates the exchange visitor). */
  canChangeExemption: z.boolean(),
  /** Why the DS-7002 cannot be printed now (S2279, S2280, no SEVIS ID), or null. */
  printIssue: z.string().nullable(),
  canEdit: z.boolean(),
});
export type TTipp = z.infer<typeof ZTipp>;

export const ZTippSiteParams = ZProfileParams.extend({ siteId: z.uuid({ error: MSG.notFound }) });
export const ZTippPhaseParams = ZProfileParams.extend({ phaseId: z.uuid({ error: MSG.notFound }) });

export const getStudentTipp = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/tipp',
  access: 'students.read',
  tags: T,
  summary: "An exchange visitor's T/IPP (DS-7002): participant, sites with phases, signature dates and what SEVIS would refuse",
  params: ZProfileParams,
  response: ZTipp,
});
export const saveTippParticipant = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/tipp',
  access: 'students.manage',
  tags: T,
  summary: 'Record the T/IPP participant information or an IWT / Korea WEST exemption (SEVIS TIPP/UpdateParticipantInfo)',
  params: ZProfileParams,
  body: ZTippParticipantInput,
  response: ZTipp,
});
export const addTippSite = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/tipp/sites',
  access: 'students.manage',
  tags: T,
  summary: 'Add a T/IPP placement site; it goes to SEVIS with its phases (SEVIS TIPP/AddSite)',
  params: ZProfileParams,
  body: ZTippSiteInput,
  response: ZTipp,
});
export const updateTippSite = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/tipp/sites/:siteId',
  access: 'students.manage',
  tags: T,
  summary: 'Change a T/IPP site or make it the primary one (SEVIS TIPP/EditSite)',
  params: ZTippSiteParams,
  body: ZTippSiteInput,
  response: ZTipp,
});
export const removeTippSite = defineRoute({
  method: 'DELETE',
  path: '/api/students/:profileId/tipp/sites/:siteId',
  access: 'students.manage',
  tags: T,
  summary: 'Remove a T/IPP site that is not the primary one (SEVIS TIPP/DeleteSite)',
  params: ZTippSiteParams,
  response: ZTipp,
});
export const addTippPhase = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/tipp/sites/:siteId/phases',
  access: 'students.manage',
  tags: T,
  summary: 'Add a phase to a T/IPP site (SEVIS TIPP/AddPhase)',
  params: ZTippSiteParams,
  body: ZTippPhaseInput,
  response: ZTipp,
});
export const updateTippPhase = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/tipp/phases/:phaseId',
  access: 'students.manage',
  tags: T,
  summary: 'Change a T/IPP phase (SEVIS TIPP/EditPhase)',
  params: ZTippPhaseParams,
  body: ZTippPhaseInput,
  response: ZTipp,
});
export const removeTippPhase = defineRoute({
  method: 'DELETE',
  path: '/api/students/:profileId/tipp/phases/:phaseId',
  access: 'students.manage',
  tags: T,
  summary: 'Remove a T/IPP phase before it starts, never the only one of its site (SEVIS TIPP/DeletePhase; S2281, S2275)',
  params: ZTippPhaseParams,
  response: ZTipp,
});
export const updateTippSignatures = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/tipp/sites/:siteId/signatures',
  access: 'students.manage',
  tags: T,
  summary: "Record the dates a T/IPP site's plan was signed (SEVIS TIPP/UpdateSignatureDates)",
  params: ZTippSiteParams,
  body: ZTippSignaturesInput,
  response: ZTipp,
});
export const printDs7002 = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/tipp/print',
  access: 'students.manage',
  tags: T,
  summary: 'Ask SEVIS to print the DS-7002 again, whole or for one site (SEVIS Reprint7002; S2279, S2280)',
  params: ZProfileParams,
  body: ZPrintDs7002Input,
  response: ZTipp,
});
