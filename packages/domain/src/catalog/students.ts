import { z } from 'zod';

/** Student visa types (a student record is one or the other). */
export const STUDENT_VISA_TYPES = ['F-1', 'J-1'] as const;
export const ZStudentVisaType = z.enum(STUDENT_VISA_TYPES);
export type TStudentVisaType = z.infer<typeof ZStudentVisaType>;

/** Does a request type / stage item of this scope apply to a student of this visa type? */
export function visaScopeIncludes(scope: string, visaType: string): boolean {
  if (scope === 'All' || scope === 'Both' || scope === 'F and J' || scope === '') return true;
  return scope === visaType;
}

/** SEVIS record statuses, in the lifecycle groups the lists use (docs/product/students-records.md#the-record). */
export const SEVIS_STATUSES = [
  'Initial',
  'Active',
  'Terminated',
  'Completed',
  'Canceled',
  'Deactivated',
  'No Show',
  'Invalid',
  'Inactive',
] as const;
export const ZSevisStatus = z.enum(SEVIS_STATUSES);
export type TSevisStatus = z.infer<typeof ZSevisStatus>;

/**
 * SEVIS Table 5 (Education Level Codes), sent as the schema's two-digit EduLevelCodeType: 01 is the
 * table's 1 (Primary) and so on. `f1` is the table's F-1 column: levels 08-10 are for M-1 students
 * only (SEVIS S1062 "Invalid education code for student of this visa type").
 */
export const EDUCATION_LEVELS = [
  { code: '01', label: 'Primary', f1: true },
  { code: '02', label: 'Secondary', f1: true },
  { code: '03', label: 'Associate', f1: true },
  { code: '04', label: "Bachelor's", f1: true },
  { code: '05', label: "Master's", f1: true },
  { code: '06', label: 'Doctorate', f1: true },
  { code: '07', label: 'Language training', f1: true },
  { code: '08', label: 'High school (M-1)', f1: false },
  { code: '09', label: 'Flight training (M-1)', f1: false },
  { code: '10', label: 'Vocational school (M-1)', f1: false },
  { code: '11', label: 'Other', f1: true },
] as const;

/** SEVIS Table 15 (Program Category Codes): the exchange visitor categories of a DS-2019. Seed labels of the office's `ev-categories` list, which the forms read (docs/product/lookups.md). */
export const EV_CATEGORIES = [
  { code: '1A', label: 'Student, secondary' },
  { code: '1B', label: 'Student, associate' },
  { code: '1C', label: "Student, bachelor's" },
  { code: '1D', label: "Student, master's" },
  { code: '1E', label: 'Student, doctorate' },
  { code: '1F', label: 'Student, non-degree' },
  { code: '1G', label: 'Student intern' },
  { code: '2A', label: 'Trainee (specialty)' },
  { code: '2B', label: 'Trainee (non-specialty)' },
  { code: '03', label: 'Teacher' },
  { code: '04', label: 'Professor' },
  { code: '05', label: 'International visitor' },
  { code: '06', label: 'Alien physician' },
  { code: '07', label: 'Government visitor' },
  { code: '08', label: 'Research scholar' },
  { code: '09', label: 'Short-term scholar' },
  { code: '10', label: 'Specialist' },
  { code: '11', label: 'Camp counselor' },
  { code: '12', label: 'Summer work/travel' },
  { code: '13', label: 'Au pair' },
  { code: '14', label: 'Trainee' },
  { code: '15', label: 'Intern' },
] as const;

/**
 * The SEVIS Table 15 categories whose exchange visitors have a Training/Internship Placement Plan
 * (T/IPP, form DS-7002): student intern 1G, trainees 2A, 2B and 14, intern 15. SEVIS refuses a T/IPP
 * for any other category (S2218) and requires one for trainees and student interns (S2260); an intern
 * needs one too unless exempt (Intern Work and Travel, Korea WEST), as SEVIS creates no trainee or
 * intern with a site of activity outside Korea WEST (S2251).
 */
export const TIPP_CATEGORIES = ['1G', '2A', '2B', '14', '15'] as const;
const TIPP_CATEGORY_SET: ReadonlySet<string> = new Set(TIPP_CATEGORIES);
/** Whether an exchange visitor of this category has a T/IPP (DS-7002): SEVIS S2218, S2279. */
export const isTippCategory = (evCategoryCode: string | null | undefined): boolean =>
  TIPP_CATEGORY_SET.has((evCategoryCode ?? '').trim().toUpperCase());

/**
 * Programs exempt from a T/IPP (SEVISTable.xsd TippExemptProgram): IWT (Intern Work and Travel, interns
 * who are citizens of Ireland, SEVIS S2258) and KW (Korea WEST, which keeps sites of activity, S2251).
 */
export const TIPP_EXEMPT_PROGRAMS = [
  { code: 'IWT', label: 'Intern Work and Travel (IWT): exempt from a T/IPP' },
  { code: 'KW', label: 'Korea WEST: exempt from a T/IPP, with sites of activity' },
] as const;
/** A T/IPP site's annual revenue (SEVISTable.xsd AnnualRevenue). */
export const TIPP_ANNUAL_REVENUES = [
  { code: '01', label: '$0 to $3 million' },
  { code: '02', label: '$3 to $10 million' },
  { code: '03', label: '$10 to $25 million' },
  { code: '04', label: '$25 million or more' },
] as const;
/** How often a T/IPP stipend is paid (SEVISTable.xsd StipendFrequency). */
export const TIPP_STIPEND_FREQUENCIES = [
  { code: '01', label: 'Hour' },
  { code: '02', label: 'Day' },
  { code: '03', label: 'Week' },
  { code: '04', label: 'Month' },
  { code: '05', label: 'Year' },
] as const;
/** Whether the host's workers' compensation covers the trainee or intern (SEVISTable.xsd IndicatorTypeYNE: E exempt). */
export const TIPP_WORKERS_COMP_FOR_EV = [
  { code: 'Y', label: 'Yes' },
  { code: 'N', label: 'No' },
  { code: 'E', label: 'Exempt under state law' },
] as const;

/** Dependent relationship codes (SEVIS Table 35): seed labels of the office's `dependent-relationships` list, which the forms read (docs/product/lookups.md). */
export const DEPENDENT_RELATIONSHIPS = [
  { code: '01', label: 'Spouse' },
  { code: '02', label: 'Child' },
] as const;

/**
 * The student list titles (docs/product/students-list.md#list-titles), one key each. Each is a real query in
 * the students module (modules/students/list/queries/list-students.query.ts); the browser shows the label.
 */
export const STUDENT_LIST_TITLES = [
  { key: 'active', label: 'Active students', visa: 'F-1' },
  { key: 'initial', label: 'Initial students', visa: 'F-1' },
  { key: 'active-requiring-registration', label: 'Active students requiring registration', visa: 'F-1' },
  { key: 'all', label: 'All students', visa: 'All' },
  { key: 'terminated-18-months', label: 'Terminated, completed or canceled in the past 18 months', visa: 'F-1' },
  { key: 'cpt', label: 'CPT students', visa: 'F-1' },
  { key: 'opt', label: 'OPT students', visa: 'F-1' },
  { key: 'transfer', label: 'Transfer in or out', visa: 'F-1' },
  { key: 'opt-portal-account', label: 'OPT students with a portal account', visa: 'F-1' },
  { key: 'correction-requests', label: 'Correction requests', visa: 'All' },
  { key: 'initial-port-of-entry', label: 'Initial students with port of entry', visa: 'F-1' },
  { key: 'approved-opt-no-employer', label: 'Approved OPT with no current employer', visa: 'F-1' },
  { key: 'ev-active', label: 'Exchange visitors: active', visa: 'J-1' },
  { key: 'ev-initial', label: 'Exchange visitors: initial', visa: 'J-1' },
  { key: 'ev-all', label: 'Exchange visitors: all', visa: 'J-1' },
  { key: 'ev-terminated', label: 'Exchange visitors: terminated', visa: 'J-1' },
  { key: 'ev-inactive', label: 'Exchange visitors: inactive', visa: 'J-1' },
  { key: 'ev-invalid', label: 'Exchange visitors: invalid', visa: 'J-1' },
  { key: 'ev-no-show', label: 'Exchange visitors: no show', visa: 'J-1' },
  { key: 'ev-transferred-out', label: 'Exchange visitors: transferred out', visa: 'J-1' },
  { key: 'ev-transfer-in', label: 'Exchange visitors: transfer in', visa: 'J-1' },
  { key: 'ev-academic-training', label: 'Exchange visitors: academic training', visa: 'J-1' },
  { key: 'ev-student-employment', label: 'Exchange visitors: student employment', visa: 'J-1' },
  { key: 'stem-i983-upload-alert', label: 'STEM I-983 upload alert', visa: 'F-1' },
] as const;
export type TStudentListTitle = (typeof STUDENT_LIST_TITLES)[number]['key'];
export const ZStudentListTitle = z.enum(STUDENT_LIST_TITLES.map((t) => t.key) as [TStudentListTitle, ...TStudentListTitle[]]);

/** SEVIS batch event types a pending event may carry; the sevis module builds their XML (docs/product/sevis-batches.md#pending-events). */
export const SEVIS_EVENT_TYPES = [
  'Create',
  'Registration',
  'CPTEmployment',
  'OPTEmployment',
  'OPTEmployer',
  'AuthDropBelowFC',
  'EducationLevel',
  'Program',
  'Dependent',
  'PersonalInfo',
  'FinancialInfo',
  'Reprint',
  'Status',
  'Biographical',
  'SiteOfActivity',
  'Validate',
  // Exchange visitors only: the Training/Internship Placement Plan (DS-7002) of trainees and interns
  // (EV schema 6.27 UpdateEV TIPP: AddSite, EditSite, DeleteSite, AddPhase, EditPhase, DeletePhase,
  // UpdateSignatureDates, UpdateParticipantInfo) and a reprint of the DS-7002 (UpdateEV Reprint7002).
  'TIPP',
  'Reprint7002',
] as const;
export type TSevisEventType = (typeof SEVIS_EVENT_TYPES)[number];
export const SEVIS_EVENT_STATUSES = ['pending', 'held', 'batched', 'sent', 'succeeded', 'failed', 'cancelled', 'superseded'] as const;
export type TSevisEventStatus = (typeof SEVIS_EVENT_STATUSES)[number];
/** How every page words a SEVIS update's status (student record, Batch Manager, results, System Errors). */
export const SEVIS_EVENT_STATUS_LABELS: Record<TSevisEventStatus, string> = {
  pending: 'Pending',
  held: 'Held back',
  batched: 'In a batch (not sent)',
  sent: 'Sent – awaiting result',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  superseded: 'Superseded (never sent)',
};

/** OPT phases (docs/product/students-opt.md). */
export const OPT_PHASES = [
  { code: '01', label: 'Pre-completion' },
  { code: '02', label: 'Post-completion' },
  { code: '03', label: 'STEM' },
] as const;
