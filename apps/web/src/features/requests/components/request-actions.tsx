import { useRef, useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import {
  approvalEffect,
  DECISION_MSG,
  possessive,
  REQUEST_TRANSITIONS,
  STAFF_ACTIONS,
  type TRequestAction,
  type TRequestDetail,
} from '@meridian/domain';
import { snack } from '../../../ui/notify';
import { ConfirmComment, ConfirmDialog } from '../../../ui/confirm-dialog';
import { describeFailure } from '../../../app/errors/failure';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { useTransitionRequest } from '../api/transition-request';

const DONE: Partial<Record<TRequestAction, string>> = {
  start_review: 'Review started.',
  request_clarification: 'The requester was asked for clarification.',
  send_to_approver: 'Sent to approver review; the approver was e-mailed a link.',
  approve: 'Approved. The requester was told.',
  awaiting_adjudication: 'Marked as awaiting adjudication.',
  complete: 'Completed. The requester was told.',
  dismiss: 'Dismissed.',
  reject: 'Rejected. The requester was told the reason.',
};
const PRIMARY = new Set<TRequestAction>(['start_review', 'approve', 'complete']);
const DANGER = new Set<TRequestAction>(['reject', 'dismiss']);
/** Decisions that take an optional comment for the requester (clarification and rejection need theirs). */
const COMMENTED = new Set<TRequestAction>(['approve', 'complete', 'dismiss']);
/** Start review only marks the office's work: one click (docs/product/requests.md#decisions-are-confirmed). */
const UNCONFIRMED = new Set<TRequestAction>(['start_review']);

/** What a decision will do, in words naming the request and the person (the dialog's question and its effects). */
export function describeDecision(r: TRequestDetail, action: TRequestAction): { question: string; effects: string[] } {
  const who = r.requesterName || r.requester.name;
  const what = `${possessive(who)} ${r.typeName} request #${r.number}`;
  const told = `${who} is told by e-mail.`;
  const steps = r.approverCheck.steps.join(', then ');
  const asked = r.status === 'adv_review' ? ['The approvers still asked are no longer needed: their links stop working.'] : [];
  switch (action) {
    case 'approve': {
      // What happens to the student's record names the student (the office's own request has a staff requester).
      const effect = r.profileId ? approvalEffect(r.typeCode, r.subjectName || who) : '';
      return { question: `Approve ${what}?`, effects: [...(effect ? [effect] : []), ...asked, told] };
    }
    case 'reject':
      return { question: `Reject ${what}?`, effects: ['The request is closed as Rejected.', ...asked, `${who} is e-mailed your reason.`] };
    case 'request_clarification':
      return {
        question: `Send ${what} back for clarification?`,
        effects: [`${who} is e-mailed your question and can change the request and submit it again.`],
      };
    case 'dismiss':
      return { question: `Dismiss ${what}?`, effects: ['The request is closed without a decision.', ...asked, told] };
    case 'complete':
      return { question: `Complete ${what}?`, effects: ['The request is closed as Completed.', told] };
    case 'awaiting_adjudication':
      return {
        question: `Mark ${what} as awaiting adjudication?`,
        effects: ['The office has decided; the request waits for the government’s decision.', `${who} sees the new status in the portal.`],
      };
    case 'send_to_approver':
      return {
        question: `Send ${what} to approver review?`,
        effects: [
          `The request is locked and its approvers${steps ? ` (${steps})` : ''} are asked in turn, each by an e-mailed link${
            r.advisor ? `; the faculty advisor named is ${r.advisor.name}` : ''
          }.`,
          'The office decides after them.',
        ],
      };
    default:
      return { question: `${REQUEST_TRANSITIONS[action].label}: ${what}?`, effects: [] };
  }
}

/** The approvers' decision is still missing: approving needs the override and its reason. */
export const needsOverride = (r: TRequestDetail) => r.approverCheck.required && !r.approverCheck.approved;

/**
 * The staff actions the state machine allows now. Every decision asks first in the shared confirmation,
 * naming the request, the person and the effect; approving before the approvers takes an override with
 * a reason (docs/product/requests.md#approvers-before-the-office). A failure is said once, in the dialog,
 * which keeps what was typed.
 */
export function RequestActions({ request }: { request: TRequestDetail }) {
  const transition = useTransitionRequest(request.id);
  const [pending, setPending] = useState<TRequestAction | null>(null);
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ form?: string; message?: string; overrideReason?: string }>({});
  /** The server said the approvers come first although the page thought otherwise (it was stale). */
  const [overrideAsked, setOverrideAsked] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement | HTMLInputElement>(null);
  const actions = STAFF_ACTIONS.filter((a) => request.allowedActions.includes(a));
  if (actions.length === 0) return null;

  const override = pending === 'approve' && (needsOverride(request) || overrideAsked);
  const needsMessage = pending ? !!REQUEST_TRANSITIONS[pending].needsMessage : false;
  const close = () => {
    setPending(null);
    setErrors({});
    setOverrideAsked(false);
  };

  const run = (action: TRequestAction) => {
    if (needsMessage && !message.trim()) {
      setErrors({ message: action === 'reject' ? 'Please give a reason.' : 'Please write what needs clarifying.' });
      return;
    }
    if (override && !reason.trim()) {
      setErrors({ overrideReason: DECISION_MSG.overrideReasonRequired });
      reasonRef.current?.focus();
      return;
    }
    setErrors({});
    transition.mutate(
      { action, message, ...(override ? { overrideReason: reason } : {}) },
      {
        onSuccess: () => {
          snack(DONE[action] ?? 'Done.', 'success');
          close();
          setMessage('');
          setReason('');
        },
        onError: (e) => {
          const f = describeFailure(e);
          if (f.kind === 'session' || f.kind === 'forbidden') {
            close();
            handleApiError(e);
            return;
          }
          if (f.kind === 'aborted') return;
          if (f.fieldErrors.overrideReason) {
            setOverrideAsked(true);
            setErrors({ form: f.message });
            return;
          }
          if (f.fieldErrors.message) {
            setErrors({ message: action === 'reject' ? 'Please give a reason.' : 'Please write what needs clarifying.' });
            return;
          }
          setErrors({ form: f.message });
        },
      },
    );
  };
  const start = (a: TRequestAction) => {
    if (UNCONFIRMED.has(a)) {
      run(a);
      return;
    }
    setErrors({});
    setMessage('');
    setReason('');
    setOverrideAsked(false);
    setPending(a);
  };
  const decision = pending ? describeDecision(request, pending) : null;
  const steps = request.approverCheck.steps.join(', then ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {needsOverride(request) && actions.includes('approve') ? (
        <Alert severity="info">
          {request.status === 'adv_review'
            ? `The approvers decide first (${steps}). `
            : `This request type asks its approvers first (${steps}), and they have not approved it yet. `}
          Approving before them needs an override with your reason, kept in the History Log.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Request actions">
        {actions.map((a) => (
          <Button
            key={a}
            variant={PRIMARY.has(a) && !(a === 'approve' && needsOverride(request)) ? 'contained' : 'outlined'}
            color={DANGER.has(a) ? 'error' : 'primary'}
            disabled={transition.isPending}
            onClick={() => start(a)}
          >
            {a === 'approve' && needsOverride(request) ? 'Approve (override)' : REQUEST_TRANSITIONS[a].label}
          </Button>
        ))}
      </Box>
      {errors.form && !pending ? <Alert severity="error">{errors.form}</Alert> : null}
      <ConfirmDialog
        open={!!pending}
        title={pending ? `${override ? 'Approve with override' : REQUEST_TRANSITIONS[pending].label}: request #${request.number}` : ''}
        message={decision?.question ?? ''}
        effects={decision?.effects}
        error={errors.form}
        confirmLabel={pending ? (override ? 'Approve with override' : REQUEST_TRANSITIONS[pending].label) : 'OK'}
        destructive={pending ? DANGER.has(pending) : false}
        busy={transition.isPending}
        onCancel={close}
        onConfirm={() => pending && run(pending)}
      >
        {pending && override ? (
          <Box>
            <Alert severity="warning">
              The approvers ({steps || 'of this request type'}) have not approved this request. Approving now overrides them: your name and
              reason are kept in the request&apos;s History Log.
            </Alert>
            <ConfirmComment
              label="Reason for approving before the approvers"
              required
              autoFocus
              inputRef={reasonRef}
              value={reason}
              onChange={(v) => {
                setReason(v);
                if (errors.overrideReason) setErrors({});
              }}
              error={errors.overrideReason}
              helperText="Kept in the History Log, which the requester can read."
            />
          </Box>
        ) : null}
        {pending && needsMessage ? (
          <ConfirmComment
            label={pending === 'reject' ? 'Reason (sent to the requester)' : 'What needs clarifying (sent to the requester)'}
            required
            autoFocus
            value={message}
            onChange={(v) => {
              setMessage(v);
              if (errors.message) setErrors({});
            }}
            error={errors.message}
          />
        ) : null}
        {pending && COMMENTED.has(pending) ? (
          <ConfirmComment
            label="Comment (optional)"
            autoFocus={!override}
            value={message}
            onChange={setMessage}
            helperText="Sent to the requester with the decision and kept in the History Log."
          />
        ) : null}
      </ConfirmDialog>
    </Box>
  );
}
