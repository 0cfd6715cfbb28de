import type { TRequestDetail } from '@meridian/domain';
import type { TConfirmQuestion } from '../../../ui/confirm-dialog';

/**
 * What the requester is asked before submitting: where the request goes (to its approvers first, by
 * name, when its type asks them: docs/decisions/028-submitting-starts-approver-review.md) and that it
 * cannot be changed afterwards unless the office asks. `request` is null before the first save.
 */
export function submitQuestion(request: TRequestDetail | null, typeName: string, o: { asksAdvisor?: boolean } = {}): TConfirmQuestion {
  const again = request?.status === 'clarification_requested';
  const label = request ? `your ${typeName} request #${request.number}` : `your ${typeName} request`;
  const check = request?.approverCheck;
  const toApprovers = check ? check.required && !check.approved : !!o.asksAdvisor;
  const steps = check?.steps.join(', then ') ?? 'Faculty advisor';
  const advisor = request?.advisor?.name;
  return {
    title: again ? 'Submit again' : 'Submit request',
    message: `Submit ${label}${again ? ' again' : ''}?`,
    effects: [
      toApprovers
        ? `It goes first to its approvers (${steps})${advisor ? `: ${advisor} gets an e-mail with a link to approve it now` : ''}, then to the office, which decides.`
        : 'It goes to the office, which reviews it.',
      'You cannot change it after submitting unless the office asks you to. You are told by e-mail when something changes.',
    ],
    confirmLabel: again ? 'Submit again' : 'Submit request',
  };
}
