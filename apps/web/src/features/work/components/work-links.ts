import { workApi, type studentsApi } from '@meridian/domain';
import { serializeFilters } from '../../../ui/url-filters';

type TMyWork = workApi.TMyWork;

/** One number on My work: what it counts, how many, and the list (or record) it opens. */
export interface TWorkRow {
  key: string;
  label: string;
  count: number;
  /** The count stopped at the lists' cap ("1000+"). */
  capped: boolean;
  /** In-app path of the list or record it opens; null when there is nothing to open for this viewer. */
  to: string | null;
}

export interface TWorkSection {
  key: 'requests' | 'approvals' | 'sevis' | 'deadlines';
  title: string;
  rows: TWorkRow[];
}

const withFilters = (path: string, filters: Record<string, string>) => `${path}?filters=${serializeFilters(filters)}`;
const REQUEST_LIST = '/isss/students-request-list';
const requestList = (filters: Record<string, string>) => withFilters(REQUEST_LIST, filters);

/** The deadlines in the order an officer deals with them, each as My work names it. */
export const DEADLINE_ROWS: { kind: studentsApi.TDeadlineKind; label: string }[] = [
  { kind: 'unemployment', label: 'OPT unemployment limits' },
  { kind: 'registration', label: 'SEVIS registrations due' },
  { kind: 'stem_report', label: 'STEM reports due' },
  { kind: 'program_end', label: 'Programs ending' },
  { kind: 'opt_filing', label: 'OPT filing windows closing' },
  { kind: 'stem_filing', label: 'STEM extension windows closing' },
];

/** The link of a deadline count: the Deadlines panel of the student dashboard, that kind, due this week or overdue. */
export const deadlinesLink = (kind: studentsApi.TDeadlineKind) =>
  withFilters('/isss/dashboard', { deadline: kind, deadlineWithin: String(workApi.WORK_WEEK_DAYS) });

/**
 * My work's sections from the server's counts: only those the viewer may open (a part the server left out
 * is not shown), each number with the filtered list it opens, or the record when there is one.
 */
export function myWorkSections(w: TMyWork): TWorkSection[] {
  const sections: TWorkSection[] = [];
  const plain = (key: string, label: string, count: number, to: string | null): TWorkRow => ({ key, label, count, capped: false, to });
  if (w.requests) {
    sections.push({
      key: 'requests',
      title: 'Requests',
      rows: [
        {
          key: 'assigned-to-me',
          label: 'Assigned to you, open',
          ...toRow(w.requests.assignedToMe),
          to: requestList({ status: workApi.OPEN_REQUEST_STATUSES.join(','), assigned: 'me' }),
        },
        {
          key: 'unassigned',
          label: 'New, not yet assigned',
          ...toRow(w.requests.unassigned),
          to: requestList({ status: workApi.UNASSIGNED_REQUEST_STATUSES.join(','), assigned: 'unassigned' }),
        },
      ],
    });
  }
  const approvals: TWorkRow[] = [
    // The request list shows the approvals waiting for the viewer at its top, each with its Review button.
    plain('my-approvals', 'Waiting for your decision', w.myApprovals.count, w.requests ? REQUEST_LIST : null),
  ];
  if (w.requests) {
    approvals.push({
      key: 'with-approvers',
      label: 'With the approvers',
      ...toRow(w.requests.withApprovers),
      to: requestList({ status: 'adv_review' }),
    });
  }
  sections.push({ key: 'approvals', title: 'Approvals', rows: approvals });
  if (w.sevis) {
    sections.push({
      key: 'sevis',
      title: 'SEVIS updates',
      rows: [
        plain('held', 'Held back by the batch checks', w.sevis.held, withFilters('/isss/system-errors', { status: 'held' })),
        plain('failed', 'Refused by SEVIS', w.sevis.failed, withFilters('/isss/system-errors', { status: 'failed' })),
      ],
    });
  }
  if (w.deadlines || w.tasks) {
    const rows: TWorkRow[] = [];
    if (w.deadlines) {
      for (const d of DEADLINE_ROWS) rows.push(plain(d.kind, d.label, w.deadlines.byKind[d.kind], deadlinesLink(d.kind)));
    }
    if (w.tasks) {
      const only = w.tasks.count === 1 ? w.tasks.items[0] : undefined;
      rows.push(plain('tasks', 'Your request tasks', w.tasks.count, only ? `/isss/request/${only.requestId}` : null));
    }
    sections.push({ key: 'deadlines', title: 'Deadlines this week', rows });
  }
  return sections;
}

function toRow(c: workApi.TWorkCount): { count: number; capped: boolean } {
  return { count: c.count, capped: c.capped };
}

/** A count as people read it: "1000+" when the list stopped counting. */
export const countText = (r: Pick<TWorkRow, 'count' | 'capped'>) => `${r.count.toLocaleString('en-US')}${r.capped ? '+' : ''}`;
