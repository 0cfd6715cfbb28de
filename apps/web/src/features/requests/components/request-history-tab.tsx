import {
  STUDENT_REQUEST_FORMS,
  isDateOnly,
  requestStatusLabel,
  reviewStatusLabel,
  type TAuditEvent,
  type TStatusViewer,
  textOf,
} from '@meridian/domain';
import { formatDay } from '../../../app/office-dates';
import { useGetHistory } from '../../audit';
import { usePaging } from '../../../ui/data-table';
import { HistoryLogTable } from '../../../ui/history-log-table';

const LABELS: Record<string, string> = {
  'request.created': 'Request started',
  'request.updated': 'Request changed',
  'request.submitted': 'Submitted',
  'request.resubmitted': 'Resubmitted',
  'request.cancelled': 'Cancelled by the requester',
  'request.start_review': 'Review started',
  'request.request_clarification': 'Clarification requested',
  'request.send_to_approver': 'Sent to approver review',
  'request.approve': 'Approved',
  'request.approve_override': 'Approved without the approvers (override)',
  'request.approver_review_started': 'Approver review started (on submit)',
  'request.awaiting_adjudication': 'Marked awaiting adjudication',
  'request.complete': 'Completed',
  'request.dismiss': 'Dismissed',
  'request.reject': 'Rejected',
  'request.approvers_approved': 'Every approver approved',
  'request.approvers_rejected': 'An approver rejected',
  'request.assigned': 'Assigned',
  'request.reassigned': 'Reassigned',
  'request.unassigned': 'Unassigned',
  'request.review-status': 'Review status changed',
  'request.task.created': 'Task added',
  'request.task.updated': 'Task changed',
  'request.task.deleted': 'Task deleted',
  'approval.approved': 'Approver approved',
  'approval.rejected': 'Approver rejected',
  'request.data-saved': 'Form saved',
};
/** The same words on the student record's History Log, which also lists its requests' events. */
export { LABELS as REQUEST_HISTORY_LABELS };
const FIELDS: Record<string, string> = {
  status: 'Status',
  reviewStatus: 'Review status',
  assignedToUserId: 'Assignee',
  assignedBy: 'Assigned by',
  isLocked: 'Locked',
  advisorUserId: 'Faculty advisor',
  statusMessage: 'Message',
  message: 'Message',
  approverName: 'Approver',
  comment: 'Comment',
  overrideReason: 'Override reason',
  approvers: 'Approvers',
  step: 'Step',
  title: 'Task',
  isDone: 'Done',
  dueDate: 'Due',
  number: 'Request #',
  type: 'Type',
  // A student request form's own fields (request.data-saved), by their labels, in the form's order.
  ...Object.fromEntries(
    Object.values(STUDENT_REQUEST_FORMS).flatMap((f) => f.sections.flatMap((s) => s.fields.map((x) => [x.name, x.label]))),
  ),
};
const ORDER = Object.keys(FIELDS);
const OPTIONS: Record<string, { value: string; label: string }[]> = Object.fromEntries(
  Object.values(STUDENT_REQUEST_FORMS).flatMap((f) =>
    f.sections.flatMap((s) => s.fields.filter((x) => x.options).map((x) => [x.name, x.options!])),
  ),
);

function show(k: string, v: unknown, viewer: TStatusViewer): string {
  if (v === undefined || v === null || v === '') return '—';
  // The status in the words its chip uses for this reader (catalog/statuses.ts).
  if (k === 'status') return requestStatusLabel(textOf(v), viewer);
  if (k === 'reviewStatus') return reviewStatusLabel(Number(v));
  if (k === 'assignedToUserId' || k === 'advisorUserId') return 'set';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (OPTIONS[k]) return OPTIONS[k].find((o) => o.value === textOf(v))?.label ?? textOf(v);
  if (typeof v === 'string' && isDateOnly(v)) return formatDay(v);
  // A list of a form (the dependents of a Several Dependents request): how many rows, the rows being on the request.
  if (Array.isArray(v)) return v.length === 1 ? '1 listed' : `${v.length} listed`;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === false;

/** "Field: old → new" for what changed; for a new record or a new fact (no earlier value): what was set. */
function changes(e: TAuditEvent, viewer: TStatusViewer): string[] {
  const before = (e.before ?? {}) as Record<string, unknown>;
  const after = (e.after ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
  for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => rank(a) - rank(b))) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    // A rule's assignment is named by assignedBy (docs/product/requests.md#assignment-rules); its id is for the Logs.
    if (k === 'ruleId') continue;
    const label = FIELDS[k] ?? k;
    const fresh = !(k in before);
    if (fresh && isEmpty(after[k])) continue;
    if (k === 'assignedToUserId' || k === 'advisorUserId') {
      out.push(`${label} ${after[k] ? (fresh ? 'named' : 'changed') : 'removed'}`);
      continue;
    }
    out.push(fresh ? `${label}: ${show(k, after[k], viewer)}` : `${label}: ${show(k, before[k], viewer)} → ${show(k, after[k], viewer)}`);
  }
  return out;
}

type TFileOrComment = {
  fileName?: string;
  rejectReason?: string | null;
  isInternal?: boolean;
  isVisibleToRequester?: boolean;
  isVisibleToDepartment?: boolean;
};

/** Plain words for a file or comment event (decision 007); null for the request's own events. */
function describeFileOrComment(e: TAuditEvent): string | null {
  const after = (e.after ?? {}) as TFileOrComment;
  const before = (e.before ?? {}) as TFileOrComment;
  const file = after.fileName ?? before.fileName ?? 'a file';
  const internal = after.isInternal ?? before.isInternal;
  switch (e.action) {
    case 'attachment.uploaded':
      return `Uploaded ${file}`;
    case 'attachment.rejected':
      return after.rejectReason ? `Rejected ${file}: ${after.rejectReason}` : `Rejected ${file}`;
    case 'attachment.visibility.updated':
      return `Changed who can see ${file}`;
    case 'attachment.category.updated':
      return `Changed the category of ${file}`;
    case 'attachment.linked':
      return `Filed ${file} from another request`;
    case 'attachment.deleted':
      return `Removed ${file}`;
    case 'comment.created':
      return internal ? 'Added an internal note' : 'Commented';
    case 'comment.updated':
      return internal ? 'Edited an internal note' : 'Edited a comment';
    case 'comment.deleted':
      return internal ? 'Deleted an internal note' : 'Deleted a comment';
    default:
      return e.entityType === 'attachment' || e.entityType === 'comment' ? e.action.replace(/[._-]/g, ' ') : null;
  }
}

/** Who can see a file after a visibility change, in words. */
function visibilityDetails(e: TAuditEvent): string[] {
  if (e.action !== 'attachment.visibility.updated') return [];
  const a = (e.after ?? {}) as TFileOrComment;
  const who = [a.isVisibleToRequester ? 'the requester' : null, a.isVisibleToDepartment ? 'the department' : null].filter(Boolean);
  return [who.length ? `Visible to the office and ${who.join(' and ')}` : 'Visible to the office only'];
}

const REQUEST_HISTORY_PAGE_SIZES = [20];

/** History Log tab of a request: who did what and when, newest first; its requester reads the statuses as their chips do. */
export function RequestHistoryTab({ requestId, requesterView = false }: { requestId: string; requesterView?: boolean }) {
  const viewer: TStatusViewer = requesterView ? 'requester' : 'office';
  const paging = usePaging({ pageSize: 20, pageSizes: REQUEST_HISTORY_PAGE_SIZES });
  const history = useGetHistory('request', requestId, paging.page, paging.pageSize);
  return (
    <HistoryLogTable
      query={history}
      paging={paging}
      who={(e) => e.actorName ?? (e.after as { approverName?: string } | null)?.approverName ?? 'System'}
      what={(e) => describeFileOrComment(e) ?? LABELS[e.action] ?? e.action.replace(/[._-]/g, ' ')}
      details={(e) => (describeFileOrComment(e) === null ? changes(e, viewer) : visibilityDetails(e))}
    />
  );
}
