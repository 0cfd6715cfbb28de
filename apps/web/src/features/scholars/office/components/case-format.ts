import { daysBetween, REQUEST_STATUS_LABELS, scholarPortalAccountLabel, type TRequestStatus } from '@meridian/domain';

export { phaseLabel, statusLabel, visaLabel } from '../../labels';
export const requestStatusLabel = (s: string) => REQUEST_STATUS_LABELS[s as TRequestStatus] ?? s;

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

/** Days from the office's today to an ISO date (negative: past), from the dates' parts (never through `new Date()`). */
export function daysUntil(iso: string | null | undefined, today: string): number | null {
  if (!iso) return null;
  return daysBetween(today, iso.slice(0, 10));
}

/** The scholar's portal account, said the same way everywhere: not invited, invited (no password yet), or set up. */
export function portalAccountLabel(s: { userId: string | null; hasAccount: boolean }): string {
  return scholarPortalAccountLabel({ isInvited: !!s.userId, hasAccount: s.hasAccount });
}
