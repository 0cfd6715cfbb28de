import { daysBetween, requestStatusLabel, scholarPortalAccountLabel } from '@meridian/domain';

export { phaseLabel, statusLabel, visaLabel } from '../../labels';
// The office reads a case's sponsorship and application states in the words the department and the scholar read (catalog/statuses.ts).
export { APPLICATION_STATE_LABELS, SPONSORSHIP_STATE_LABELS } from '@meridian/domain';
export { requestStatusLabel };

/** Days from the office's today to an ISO date (negative: past), from the dates' parts (never through `new Date()`). */
export function daysUntil(iso: string | null | undefined, today: string): number | null {
  if (!iso) return null;
  return daysBetween(today, iso.slice(0, 10));
}

/** The scholar's portal account, said the same way everywhere: not invited, invited (no password yet), or set up. */
export function portalAccountLabel(s: { userId: string | null; hasAccount: boolean }): string {
  return scholarPortalAccountLabel({ isInvited: !!s.userId, hasAccount: s.hasAccount });
}
