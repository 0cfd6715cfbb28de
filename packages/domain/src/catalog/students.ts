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

/** SEVIS education levels (student schema EducationLevelType). */
export const EDUCATION_LEVELS = [
  { code: '01', label: 'Associate' },
  { code: '02', label: "Bachelor's" },
  { code: '03', label: "Master's" },
  { code: '04', label: 'Doctorate' },
  { code: '05', label: 'Language training' },
  { code: '06', label: 'High school' },
  { code: '07', label: 'Flight school' },
  { code: '08', label: 'Vocational school' },
  { code: '09', label: 'Other vocational school' },
  { code: '10', label: 'Private elementary' },
  { code: '11', label: 'Other' },
] as const;

/** Exchange visitor categories (SEVIS EV category codes) used by the J-1 student lists. */
export const EV_CATEGORIES = [
  { code: '1A', label: 'Student, Bachelor' },
  { code: '1B', label: 'Student, Master' },
  { code: '1C', label: 'Student, Doctorate' },
  { code: '1D', label: 'Student, Associate' },
  { code: '1E', label: 'Student, Non-degree' },
  { code: '1F', label: 'Student, Intern' },
  { code: '1G', label: 'Student, Employment (on-campus)' },
] as const;

/**
 * Exchange visitor categories other than students (SEVIS Table 15, the EV schema's EVCategoryCodeType):
 * trainees, teachers, professors, scholars, specialists, interns and the rest, so a J-1 scholar's
 * record can be stored and batched (docs/product/scholars-office.md#exchange-visitor-record).
 */
export const EV_NON_STUDENT_CATEGORIES = [
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

/** Every exchange visitor category a record may hold: the student ones and the others (SEVIS Table 15). */
export const EV_ALL_CATEGORIES: ReadonlyArray<{ code: string; label: string }> = [...EV_CATEGORIES, ...EV_NON_STUDENT_CATEGORIES];

/** Dependent relationship codes (SEVIS). */
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
] as const;
export type TSevisEventType = (typeof SEVIS_EVENT_TYPES)[number];
export const SEVIS_EVENT_STATUSES = ['pending', 'held', 'batched', 'sent', 'succeeded', 'failed', 'cancelled'] as const;
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
};

/** OPT phases (docs/product/students-opt.md). */
export const OPT_PHASES = [
  { code: '01', label: 'Pre-completion' },
  { code: '02', label: 'Post-completion' },
  { code: '03', label: 'STEM' },
] as const;
