import type { scholarsApi } from '@meridian/domain';

/** ISO date (YYYY-MM-DD) as MM/DD/YYYY, without passing through a time zone. */
export const usDate = (iso: string | null | undefined) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '—');

/** Chip colour of a sponsorship state. */
export function stateColor(state: string): 'default' | 'info' | 'warning' | 'error' | 'success' {
  switch (state as scholarsApi.TDeptCaseSummary['sponsorshipState']) {
    case 'draft':
      return 'default';
    case 'pending_approval':
      return 'warning';
    case 'rejected':
      return 'error';
    case 'submitted':
      return 'info';
    case 'processed':
      return 'success';
    default:
      return 'default';
  }
}
