import { MessagePage } from '../../../ui/message-page';

/**
 * The approval entry (fuseaction=scholarportal.approvalreview): approval-review,
 * advisor-approval/:token and page-unavailable all land here until approvals are built.
 */
export function PageUnavailablePage() {
  return (
    <MessagePage
      title="Page unavailable"
      message="This page is not available at the moment. If you received a link to review a request, please contact the international office that sent it."
    />
  );
}
