import { REQUEST_STATUS_LABELS, REVIEW_STATUS_LABELS } from '../contracts/requests/workflow.js';
import { SEVIS_BATCH_STATUS_LABELS } from '../contracts/sevis/batches.js';
import type { TStudentStage } from './roles.js';
import { SCHOLAR_PHASES, SCHOLAR_STATUSES, type TApplicationState, type TSponsorshipState } from './scholars.js';
import { SEVIS_EVENT_STATUS_LABELS } from './students.js';

/*
 * One status vocabulary per kind of case (docs/product/statuses.md): each kind's words are written once,
 * here or in the one place named below, and every chip, list, filter, tab, history, e-mail and export
 * reads them from here, so a status reads the same on every page.
 */

/** A request's status as its requester reads it: an unsubmitted request is their draft; the office's word for it is 'Pending'. */
export const REQUESTER_DRAFT_LABEL = 'Draft';

/** Who reads a request's status: the office (and everyone else), or the request's own requester. */
export type TStatusViewer = 'office' | 'requester';

/** A request's status in words (REQUEST_STATUS_LABELS, contracts/requests/workflow.ts), for the office or its requester. */
export function requestStatusLabel(status: string, viewer: TStatusViewer = 'office'): string {
  if (viewer === 'requester' && status === 'draft') return REQUESTER_DRAFT_LABEL;
  return (REQUEST_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** A request's review status 0–4 in words (REVIEW_STATUS_LABELS). */
export const reviewStatusLabel = (n: number): string => REVIEW_STATUS_LABELS[n] ?? String(n);

/** Where a department's sponsorship request stands: the same words for the department and the office. */
export const SPONSORSHIP_STATE_LABELS: Record<TSponsorshipState, string> = {
  draft: 'Draft',
  pending_approval: 'Awaiting approval',
  rejected: 'Rejected by an approver',
  submitted: 'With the office',
  processed: 'Processed',
  ineligible: 'Ineligible',
};

/** Where a scholar's application form stands: the same words for the scholar, the department and the office. */
export const APPLICATION_STATE_LABELS: Record<TApplicationState, string> = {
  not_started: 'Not started',
  draft: 'Being filled in',
  submitted: 'Submitted to the office',
  returned: 'Returned for changes',
};

/** A scholar case's phase and its status within the phase (SCHOLAR_PHASES, SCHOLAR_STATUSES in catalog/scholars.ts). */
export const SCHOLAR_PHASE_LABELS: Record<string, string> = Object.fromEntries(SCHOLAR_PHASES.map((p) => [p.code, p.label]));
export const SCHOLAR_STATUS_LABELS: Record<string, string> = Object.fromEntries(SCHOLAR_STATUSES.map((s) => [s.code, s.label]));
export const scholarPhaseLabel = (code: string): string => SCHOLAR_PHASE_LABELS[code] ?? code;
export const scholarStatusLabel = (code: string): string => SCHOLAR_STATUS_LABELS[code] ?? code;

/** A student's stage in the portal, wherever it is shown (the Student List, the record, the stage pages, the History Log). */
export const STUDENT_STAGE_LABELS: Record<TStudentStage, string> = {
  invited: 'Invited',
  pre_arrival: 'Pre-arrival',
  check_in: 'Check-in',
  continuing: 'Continuing',
  postcompletion_graduated: 'Post-completion / graduated',
  archived: 'Archived',
};
export const studentStageLabel = (code: string): string => (STUDENT_STAGE_LABELS as Record<string, string>)[code] ?? code;

/** One approver's decision in an approval chain. */
export const APPROVAL_STATUS_LABELS: Record<string, string> = {
  waiting: 'Later step',
  pending: 'Waiting for decision',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'No longer needed',
};

/** A student's correction of their record: the same words for the student and the office. */
export const CORRECTION_STATUS_LABELS: Record<'pending' | 'approved' | 'rejected', string> = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  rejected: 'Not approved',
};

/** Every vocabulary by its kind of case: what a list's case status or a history's field names. */
export const STATUS_VOCABULARIES = {
  request: REQUEST_STATUS_LABELS as Record<string, string>,
  reviewStatus: Object.fromEntries(REVIEW_STATUS_LABELS.map((l, i) => [String(i), l])) as Record<string, string>,
  sponsorship: SPONSORSHIP_STATE_LABELS as Record<string, string>,
  scholarApplication: APPLICATION_STATE_LABELS as Record<string, string>,
  scholarPhase: SCHOLAR_PHASE_LABELS,
  scholarStatus: SCHOLAR_STATUS_LABELS,
  sevisEvent: SEVIS_EVENT_STATUS_LABELS as Record<string, string>,
  sevisBatch: SEVIS_BATCH_STATUS_LABELS as Record<string, string>,
  studentStage: STUDENT_STAGE_LABELS as Record<string, string>,
  approval: APPROVAL_STATUS_LABELS,
  correction: CORRECTION_STATUS_LABELS as Record<string, string>,
} as const;
export type TStatusVocabulary = keyof typeof STATUS_VOCABULARIES;

/** A status of one kind of case in words; an unknown code reads as itself rather than as nothing. */
export function labelOfStatus(vocabulary: TStatusVocabulary, code: string | number): string {
  return STATUS_VOCABULARIES[vocabulary][String(code)] ?? String(code);
}
