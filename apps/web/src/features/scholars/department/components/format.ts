/** Chip colour of a sponsorship state. */
export function stateColor(state: string): 'default' | 'info' | 'warning' | 'error' | 'success' {
  switch (state) {
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
