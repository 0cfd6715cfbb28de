import { Chip } from '@mui/material';
import { REQUEST_STATUS_LABELS, REVIEW_STATUS_LABELS, type TRequestStatus } from '@meridian/domain';

const COLORS: Partial<Record<TRequestStatus, 'primary' | 'success' | 'warning' | 'error' | 'info' | 'default' | 'secondary'>> = {
  submitted: 'primary',
  in_review: 'info',
  clarification_requested: 'warning',
  adv_review: 'secondary',
  approved: 'success',
  awaiting_adjudication: 'info',
  completed: 'success',
  rejected: 'error',
};

/** Status as a chip with its label (docs/product/requests.md#statuses); outlined so the text keeps its contrast. */
export function StatusChip({ status, requesterView }: { status: TRequestStatus; requesterView?: boolean | undefined }) {
  // Requesters call an unsubmitted request a draft; staff call it 'Pending'.
  const label = requesterView && status === 'draft' ? 'Draft' : REQUEST_STATUS_LABELS[status];
  return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={label} />;
}

export const reviewStatusLabel = (n: number) => REVIEW_STATUS_LABELS[n] ?? String(n);
