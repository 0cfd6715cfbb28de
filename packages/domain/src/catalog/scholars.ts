import { z } from 'zod';

/** What a department proposes in a sponsorship request (docs/product/scholars-department.md#sponsorship-request). */
export const PROPOSED_STATUSES = ['J-1', 'H-1B', 'O-1', 'F-1 OPT/STEM', "Don't Know"] as const;
export const ZProposedStatus = z.enum(PROPOSED_STATUSES);
export type TProposedStatus = z.infer<typeof ZProposedStatus>;

/** How the office may process a sponsorship request ("Ineligible" closes it). */
export const PROCESS_AS = [
  'H-1B',
  'H-1BExtension',
  'H-1BAmendment',
  'O-1',
  'O-1Amendment',
  'o1Extension',
  'J-1',
  'F-1 OPT/STEM',
  'Ineligible',
] as const;
export const ZProcessAs = z.enum(PROCESS_AS);
export type TProcessAs = z.infer<typeof ZProcessAs>;

/** The visa family of a processed state: which application form, template and alerts apply. */
export type TScholarVisa = 'H-1B' | 'O-1' | 'J-1' | 'F-1 OPT/STEM';
/** A processed state or a process-as choice (both are strings of the same vocabulary). */
export function visaOfProcessedState(state: string): TScholarVisa | null {
  if (state.startsWith('H-1B')) return 'H-1B';
  if (state.startsWith('O-1') || state === 'o1Extension') return 'O-1';
  if (state === 'J-1') return 'J-1';
  if (state === 'F-1 OPT/STEM') return 'F-1 OPT/STEM';
  return null;
}

/** Labels for processed states as users read them. */
export const PROCESSED_STATE_LABELS: Record<string, string> = {
  '': 'Not yet processed',
  'H-1B': 'H-1B',
  'H-1BExtension': 'H-1B Extension',
  'H-1BAmendment': 'H-1B Amendment',
  'O-1': 'O-1',
  'O-1Amendment': 'O-1 Amendment',
  o1Extension: 'O-1 Extension',
  'J-1': 'J-1',
  'F-1 OPT/STEM': 'F-1 OPT/STEM',
  Ineligible: 'Ineligible',
};

/**
 * The engine request type behind each program (docs/product/requests.md#request-types: H-1B, extension,
 * amendment, O-1, extension, amendment, J-1, sponsorship request; F-1 OPT/STEM added). Its questionnaires and
 * documents are the visa type's template (which questions and documents the application asks for).
 */
export const SCHOLAR_PROGRAM_TYPES = {
  sponsorship: 'sponsorship_request',
  'H-1B': 'h1b_application',
  'H-1BExtension': 'h1b_extension_application',
  'H-1BAmendment': 'h1b_amendment_application',
  'O-1': 'o1_application',
  'O-1Amendment': 'o1_amendment_application',
  o1Extension: 'o1_extension_application',
  'J-1': 'j1_application',
  'F-1 OPT/STEM': 'f1_opt_application',
} as const;
export type TScholarProgramKey = keyof typeof SCHOLAR_PROGRAM_TYPES;

/**
 * Phases of a scholar case, in order. The office dashboard has one tab per phase (plus All);
 * a new sponsorship request sits in 'Sponsorship Request' until the office processes it.
 */
export const SCHOLAR_PHASES = [
  { code: 'sponsorship_request', label: 'Sponsorship Request' },
  { code: 'application', label: 'Application' },
  { code: 'isss_review', label: 'ISSS Review' },
  { code: 'petition_preparation', label: 'Petition Preparation' },
  { code: 'filed', label: 'Filed' },
  { code: 'approved', label: 'Approved' },
  { code: 'active', label: 'Active' },
  { code: 'closed', label: 'Closed' },
] as const;
export type TScholarPhase = (typeof SCHOLAR_PHASES)[number]['code'];
export const ZScholarPhase = z.enum(SCHOLAR_PHASES.map((p) => p.code) as [TScholarPhase, ...TScholarPhase[]]);

/** Status within a phase. */
export const SCHOLAR_STATUSES = [
  { code: 'pending', label: 'Pending' },
  { code: 'in_progress', label: 'In Progress' },
  { code: 'on_hold', label: 'On Hold' },
  { code: 'rfe', label: 'Request for Evidence' },
  { code: 'approved', label: 'Approved' },
  { code: 'denied', label: 'Denied' },
  { code: 'withdrawn', label: 'Withdrawn' },
  { code: 'ineligible', label: 'Ineligible' },
  { code: 'completed', label: 'Completed' },
] as const;
export type TScholarStatus = (typeof SCHOLAR_STATUSES)[number]['code'];
export const ZScholarStatus = z.enum(SCHOLAR_STATUSES.map((s) => s.code) as [TScholarStatus, ...TScholarStatus[]]);

/**
 * Where the sponsorship request stands for the department:
 * draft (being written), pending_approval (in the department's approval workflow),
 * submitted (with the office), processed (the office chose a visa type), ineligible, rejected (by an approver).
 */
export const SPONSORSHIP_STATES = ['draft', 'pending_approval', 'submitted', 'processed', 'ineligible', 'rejected'] as const;
export const ZSponsorshipState = z.enum(SPONSORSHIP_STATES);
export type TSponsorshipState = z.infer<typeof ZSponsorshipState>;

/** Where the scholar's application form stands: not_started, draft, submitted (to the office), returned (for changes). */
export const APPLICATION_STATES = ['not_started', 'draft', 'submitted', 'returned'] as const;
export const ZApplicationState = z.enum(APPLICATION_STATES);
export type TApplicationState = z.infer<typeof ZApplicationState>;

/** Highest education, options 1 to 9, verbatim (docs/product/scholars-portal.md#the-forms). The seed of the office's `highest-education` list (docs/product/lookups.md). */
export const HIGHEST_EDUCATION_OPTIONS = [
  { value: '1', label: "Associate's degree" },
  { value: '2', label: "Bachelor's degree" },
  { value: '3', label: 'Doctorate degree' },
  { value: '4', label: 'High School Graduate Diploma or the equivalent' },
  { value: '5', label: "Master's degree" },
  { value: '6', label: 'No Diploma' },
  { value: '7', label: 'One or more years of college with no degree' },
  { value: '8', label: 'Professional degree' },
  { value: '9', label: 'Some college credit but less than 1 year' },
] as const;

/** J-1 scholar categories (docs/product/scholars-portal.md#the-forms): the seed of the office's `scholar-categories` list, which the office's case form reads (docs/product/lookups.md). */
export const SCHOLAR_CATEGORIES = [
  'PROFESSOR',
  'RESEARCH SCHOLAR',
  'SHORT-TERM SCHOLAR',
  'INTERN',
  'STUDENT INTERN',
  'TRAINEE',
  'STUDENT NON-DEGREE',
  'SPECIALIST',
  'ALIEN PHYSICIAN',
  'TEACHER',
] as const;
export type TScholarCategory = (typeof SCHOLAR_CATEGORIES)[number];

/**
 * The SEVIS exchange visitor category (SEVIS Table 15) of each J-1 scholar category: the seed of the `ev` attribute
 * of the office's `scholar-categories` list, which the case's exchange visitor record reads
 * (docs/product/lookups.md, docs/product/scholars-office.md#exchange-visitor-record).
 */
export const SCHOLAR_CATEGORY_EV_CODES: Record<TScholarCategory, string> = {
  PROFESSOR: '04',
  'RESEARCH SCHOLAR': '08',
  'SHORT-TERM SCHOLAR': '09',
  INTERN: '15',
  'STUDENT INTERN': '1G',
  TRAINEE: '14',
  'STUDENT NON-DEGREE': '1F',
  SPECIALIST: '10',
  'ALIEN PHYSICIAN': '06',
  TEACHER: '03',
};

/** Employment flags carried by employment details and the OPT export (docs/product/scholars-office.md#scholar-profile). */
export const EMPLOYMENT_FLAGS = [
  { key: 'opt', label: 'OPT' },
  { key: 'stem', label: 'STEM' },
  { key: 'cpt', label: 'CPT' },
  { key: 'aopFM', label: 'AOP F/M' },
  { key: 'academicTraining', label: 'Academic Training' },
  { key: 'onCampus', label: 'On Campus' },
  { key: 'aopJ', label: 'AOP J' },
] as const;
export type TEmploymentFlag = (typeof EMPLOYMENT_FLAGS)[number]['key'];

/** Scholar account settings (docs/product/scholars-office.md#account-settings): what departments see and when end-date alerts go out. */
export const ZScholarAccountSettings = z.object({
  h1bInfoVisibleToDept: z.boolean(),
  o1InfoVisibleToDept: z.boolean(),
  /** Days before the end date at which the office (and department) is alerted; default 60 and 30. */
  endDateAlertOffsets: z.array(z.number().int().min(1).max(365)).min(1).max(6),
});
export type TScholarAccountSettings = z.infer<typeof ZScholarAccountSettings>;
export const DEFAULT_SCHOLAR_ACCOUNT_SETTINGS: TScholarAccountSettings = {
  h1bInfoVisibleToDept: false,
  o1InfoVisibleToDept: false,
  endDateAlertOffsets: [60, 30],
};

/**
 * Notification redirect page by processed visa id (docs/product/shells.md#notification-links): 0 review; 1,2,5 H-1B;
 * 3 J-1; 4 F-1; 6,7,8 O-1.
 */
export const PROCESSED_VISA_IDS: Record<string, number> = {
  '': 0,
  'H-1B': 1,
  'H-1BExtension': 2,
  'J-1': 3,
  'F-1 OPT/STEM': 4,
  'H-1BAmendment': 5,
  'O-1': 6,
  'O-1Amendment': 7,
  o1Extension: 8,
};

/**
 * A scholar's portal account in words, the same for the office and the department: not invited yet,
 * invited but no password set yet, or account set up.
 */
export function scholarPortalAccountLabel(s: { isInvited: boolean; hasAccount: boolean }): string {
  if (s.hasAccount) return 'Account set up';
  return s.isInvited ? 'Invited, password not set yet' : 'Not invited yet';
}
