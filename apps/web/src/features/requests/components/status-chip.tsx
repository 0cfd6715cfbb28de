import { Chip } from '@mui/material';
import {
  labelOfStatus,
  requestStatusLabel,
  reviewStatusLabel as domainReviewStatusLabel,
  type TRequestCase,
  type TRequestStatus,
} from '@meridian/domain';

type TColor = 'primary' | 'success' | 'warning' | 'error' | 'info' | 'default' | 'secondary';
const COLORS: Record<string, TColor> = {
  // a request
  submitted: 'primary',
  in_review: 'info',
  clarification_requested: 'warning',
  adv_review: 'secondary',
  approved: 'success',
  awaiting_adjudication: 'info',
  completed: 'success',
  rejected: 'error',
  // a scholar case's sponsorship request and application
  pending_approval: 'secondary',
  processed: 'success',
  ineligible: 'error',
  returned: 'warning',
};

/**
 * The words of a request's status, in the one vocabulary of its kind of case (docs/product/statuses.md):
 * a request the engine alone keeps in the request's words (its requester calls an unsubmitted one a
 * draft, the office 'Pending'); one behind a scholar case in the case's words, as the case's own pages
 * say it.
 */
export function requestStatusText(status: TRequestStatus, requesterView?: boolean, caseStatus?: TRequestCase | null): string {
  return caseStatus
    ? labelOfStatus(caseStatus.vocabulary, caseStatus.status)
    : requestStatusLabel(status, requesterView ? 'requester' : 'office');
}

/** A request's status as a chip (requestStatusText); outlined, so the text keeps its contrast. */
export function StatusChip({
  status,
  requesterView,
  caseStatus,
}: {
  status: TRequestStatus;
  requesterView?: boolean | undefined;
  caseStatus?: TRequestCase | null | undefined;
}) {
  const label = requestStatusText(status, requesterView, caseStatus);
  const color = COLORS[caseStatus ? caseStatus.status : status] ?? 'default';
  return <Chip size="small" variant="outlined" color={color} label={label} />;
}

export const reviewStatusLabel = domainReviewStatusLabel;
