import type { TRequestStatus } from '@meridian/domain';

/** Tabs of the request lists: groups of statuses. */
export const REQUEST_TABS: { key: string; label: string; statuses: TRequestStatus[] }[] = [
  { key: 'open', label: 'Open', statuses: ['submitted', 'in_review', 'clarification_requested', 'adv_review'] },
  { key: 'submitted', label: 'Submitted', statuses: ['submitted'] },
  { key: 'in_review', label: 'In Review', statuses: ['in_review'] },
  { key: 'adv_review', label: 'Approver Review', statuses: ['adv_review'] },
  { key: 'clarification', label: 'Clarification Requested', statuses: ['clarification_requested'] },
  { key: 'decided', label: 'Approved / Awaiting Adjudication', statuses: ['approved', 'awaiting_adjudication'] },
  { key: 'closed', label: 'Completed / Closed', statuses: ['completed', 'dismissed', 'rejected'] },
  { key: 'pending', label: 'Pending', statuses: ['draft'] },
  { key: 'all', label: 'All', statuses: [] },
];

export const tabOfStatus = (status: string) => REQUEST_TABS.find((t) => t.statuses.join(',') === status)?.key ?? null;
