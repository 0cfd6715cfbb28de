import { useListDeptCaseEvents } from '../api/list-case-events';
import { usePaging } from '../../../../ui/data-table';
import { HistoryLogTable } from '../../../../ui/history-log-table';

const LABELS: Record<string, string> = {
  'sponsorship.created': 'Sponsorship request saved as a draft',
  'sponsorship.updated': 'Sponsorship request changed',
  'sponsorship.sent': 'Sent for approval',
  'sponsorship.approved': 'Approved by the department’s approvers: sent to the office',
  'sponsorship.rejected': 'Rejected by an approver',
  'scholar.invited': 'Scholar invited to the portal',
  'scholar.invitation.resent': 'Set-up link sent again',
};

const CASE_HISTORY_PAGE_SIZES = [20];

/** The case's own History Log (sponsorship saved, changed, invited, sent, decided), newest first. */
export function CaseHistory({ applicationId }: { applicationId: string }) {
  const paging = usePaging({ pageSize: 20, pageSizes: CASE_HISTORY_PAGE_SIZES });
  const events = useListDeptCaseEvents(applicationId, paging.page, paging.pageSize);
  return (
    <HistoryLogTable
      label="History of the sponsorship request"
      query={events}
      paging={paging}
      what={(e) => LABELS[e.action] ?? e.action.replace(/[._-]/g, ' ')}
      details={(e) => e.details}
    />
  );
}
