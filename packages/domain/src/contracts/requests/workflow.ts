/**
 * The request state machine, one table for server and browser: the server refuses any transition
 * that is not here; the browser shows only the actions this table allows.
 */
export const REQUEST_STATUSES = [
  'draft',
  'submitted',
  'in_review',
  'clarification_requested',
  'adv_review',
  'approved',
  'awaiting_adjudication',
  'completed',
  'dismissed',
  'rejected',
] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

/** The labels staff see (docs/product/requests.md#statuses); draft is 'Pending' (not yet submitted). */
export const REQUEST_STATUS_LABELS: Record<TRequestStatus, string> = {
  draft: 'Pending',
  submitted: 'Submitted',
  in_review: 'In Review',
  clarification_requested: 'Clarification Requested',
  adv_review: 'Approver Review',
  approved: 'Approved',
  awaiting_adjudication: 'Awaiting Adjudication',
  completed: 'Completed',
  dismissed: 'Dismissed',
  rejected: 'Rejected',
};

/** Review status 0–4 (docs/product/requests.md#review-status-and-assignment). */
export const REVIEW_STATUS_LABELS = ['Not yet reviewed', 'Assigned', 'Reviewed', 'Resolved', 'Require resolution'] as const;

/** Who performs an action: the requester, office staff, or the approval chain itself. */
export type TActionActor = 'requester' | 'staff' | 'system';

export const REQUEST_ACTIONS = [
  'submit',
  'cancel',
  'start_review',
  'request_clarification',
  'send_to_approver',
  'approve',
  'awaiting_adjudication',
  'complete',
  'dismiss',
  'reject',
  'approvers_approved',
  'approvers_rejected',
] as const;
export type TRequestAction = (typeof REQUEST_ACTIONS)[number];

export interface TTransition {
  from: readonly TRequestStatus[];
  to: TRequestStatus;
  by: TActionActor;
  label: string;
  /** The action needs a message (clarification question, rejection reason). */
  needsMessage?: boolean;
}

const OPEN: readonly TRequestStatus[] = [
  'submitted',
  'in_review',
  'clarification_requested',
  'adv_review',
  'approved',
  'awaiting_adjudication',
];

/** Exhaustive: every action, the states it leaves, the state it reaches and who may take it. */
export const REQUEST_TRANSITIONS: Record<TRequestAction, TTransition> = {
  submit: { from: ['draft', 'clarification_requested'], to: 'submitted', by: 'requester', label: 'Submit' },
  cancel: { from: ['draft'], to: 'dismissed', by: 'requester', label: 'Cancel request' },
  start_review: { from: ['submitted'], to: 'in_review', by: 'staff', label: 'Start review' },
  request_clarification: {
    from: ['submitted', 'in_review'],
    to: 'clarification_requested',
    by: 'staff',
    label: 'Request clarification',
    needsMessage: true,
  },
  send_to_approver: { from: ['submitted', 'in_review'], to: 'adv_review', by: 'staff', label: 'Send to approver review' },
  // From approver review only with an override and its reason, checked by the server (docs/product/requests.md#approvers-before-the-office).
  approve: { from: ['submitted', 'in_review', 'adv_review'], to: 'approved', by: 'staff', label: 'Approve' },
  awaiting_adjudication: { from: ['in_review'], to: 'awaiting_adjudication', by: 'staff', label: 'Awaiting adjudication' },
  complete: { from: ['approved', 'awaiting_adjudication'], to: 'completed', by: 'staff', label: 'Complete' },
  dismiss: { from: OPEN, to: 'dismissed', by: 'staff', label: 'Dismiss' },
  reject: { from: OPEN, to: 'rejected', by: 'staff', label: 'Reject', needsMessage: true },
  approvers_approved: { from: ['adv_review'], to: 'in_review', by: 'system', label: 'Approvers approved' },
  approvers_rejected: { from: ['adv_review'], to: 'in_review', by: 'system', label: 'An approver rejected' },
};

export const STAFF_ACTIONS = REQUEST_ACTIONS.filter((a) => REQUEST_TRANSITIONS[a].by === 'staff');
export const REQUESTER_ACTIONS = REQUEST_ACTIONS.filter((a) => REQUEST_TRANSITIONS[a].by === 'requester');

/** Final states: nothing leaves them. */
export const FINAL_STATUSES: readonly TRequestStatus[] = ['completed', 'dismissed', 'rejected'];

export function canTransition(status: TRequestStatus, action: TRequestAction): boolean {
  return REQUEST_TRANSITIONS[action].from.includes(status);
}

/** Actions of one kind of actor available in a state. */
export function actionsFrom(status: TRequestStatus, by: TActionActor): TRequestAction[] {
  return REQUEST_ACTIONS.filter((a) => REQUEST_TRANSITIONS[a].by === by && canTransition(status, a));
}

const ACTION_VERBS: Record<TRequestAction, string> = {
  submit: 'submitted',
  cancel: 'cancelled',
  start_review: 'put in review',
  request_clarification: 'sent back for clarification',
  send_to_approver: 'sent to approver review',
  approve: 'approved',
  awaiting_adjudication: 'marked as awaiting adjudication',
  complete: 'completed',
  dismiss: 'dismissed',
  reject: 'rejected',
  approvers_approved: 'returned from approver review',
  approvers_rejected: 'returned from approver review',
};

/** The refusal message for an illegal transition, naming the current status. */
export function transitionRefusal(status: TRequestStatus, action: TRequestAction): string {
  return `This request is ${REQUEST_STATUS_LABELS[status]}; it cannot be ${ACTION_VERBS[action]}.`;
}
