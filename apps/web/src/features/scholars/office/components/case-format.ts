import {
  PROCESSED_STATE_LABELS,
  REQUEST_STATUS_LABELS,
  SCHOLAR_PHASES,
  scholarPortalAccountLabel,
  SCHOLAR_STATUSES,
  usDate,
  type TRequestStatus,
} from '@meridian/domain';

export const phaseLabel = (p: string) => SCHOLAR_PHASES.find((x) => x.code === p)?.label ?? p;
export const statusLabel = (s: string) => SCHOLAR_STATUSES.find((x) => x.code === s)?.label ?? s;
export const visaLabel = (s: string) => PROCESSED_STATE_LABELS[s] ?? s;
export const requestStatusLabel = (s: string) => REQUEST_STATUS_LABELS[s as TRequestStatus] ?? s;
export const dateOrDash = (iso: string | null | undefined) => (iso ? usDate(iso.slice(0, 10)) : '—');

export const SPONSORSHIP_STATE_LABELS: Record<string, string> = {
  draft: 'Draft (with the department)',
  pending_approval: 'In department approval',
  submitted: 'Waiting for the office',
  processed: 'Processed',
  ineligible: 'Ineligible',
  rejected: 'Rejected by an approver',
};
export const APPLICATION_STATE_LABELS: Record<string, string> = {
  not_started: 'Not started',
  draft: 'Being filled in',
  submitted: 'Submitted to the office',
  returned: 'Returned to the scholar for changes',
};

/** Days from today to an ISO date (negative: past). */
export function daysUntil(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
  return Math.round((new Date(iso.slice(0, 10)).getTime() - today) / 86_400_000);
}

/** Today as ISO in the user's own time zone (the change date default). */
export function localTodayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The scholar's portal account, said the same way everywhere: not invited, invited (no password yet), or set up. */
export function portalAccountLabel(s: { userId: string | null; hasAccount: boolean }): string {
  return scholarPortalAccountLabel({ isInvited: !!s.userId, hasAccount: s.hasAccount });
}
