import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { REQUEST_TRANSITIONS, STAFF_ACTIONS, type TRequestAction, type TRequestDetail } from '@meridian/domain';
import { snack } from '../../../ui/notify';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { isApiError } from '../../../app/http/api-error';
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
const CONFIRM: Partial<Record<TRequestAction, string>> = {
  dismiss: 'Dismiss this request? It will be closed without a decision.',
  send_to_approver: 'Send this request to approver review? It is locked for editing and the first approver gets an e-mail with a link.',
};

/** The staff actions the state machine allows now, each explained after it is taken. */
export function RequestActions({ request }: { request: TRequestDetail }) {
  const transition = useTransitionRequest(request.id);
  const [pending, setPending] = useState<TRequestAction | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const actions = STAFF_ACTIONS.filter((a) => request.allowedActions.includes(a));
  if (actions.length === 0) return null;

  const run = (action: TRequestAction) => {
    setError('');
    transition.mutate(
      { action, message },
      {
        onSuccess: () => {
          snack(DONE[action] ?? 'Done.', 'success');
          setPending(null);
          setMessage('');
        },
        onError: (e) => {
          if (isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 401) {
            const msg = e.fieldErrors?.message?.[0]
              ? action === 'reject'
                ? 'Please give a reason.'
                : 'Please write what needs clarifying.'
              : e.message;
            if (pending) setError(msg);
            else snack(msg, 'error');
          } else handleApiError(e);
        },
      },
    );
  };
  const start = (a: TRequestAction) => {
    if (REQUEST_TRANSITIONS[a].needsMessage || CONFIRM[a]) {
      setError('');
      setMessage('');
      setPending(a);
    } else run(a);
  };
  const needsMessage = pending ? REQUEST_TRANSITIONS[pending].needsMessage : false;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Request actions">
      {actions.map((a) => (
        <Button
          key={a}
          variant={PRIMARY.has(a) ? 'contained' : 'outlined'}
          color={DANGER.has(a) ? 'error' : 'primary'}
          disabled={transition.isPending}
          onClick={() => start(a)}
        >
          {REQUEST_TRANSITIONS[a].label}
        </Button>
      ))}
      <Dialog open={!!pending && !!needsMessage} onClose={() => setPending(null)} fullWidth maxWidth="sm" aria-labelledby="action-title">
        <DialogTitle id="action-title">{pending ? REQUEST_TRANSITIONS[pending].label : ''}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <TextField
            autoFocus
            multiline
            minRows={4}
            fullWidth
            required
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            label={pending === 'reject' ? 'Reason (sent to the requester)' : 'What needs clarifying (sent to the requester)'}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)} disabled={transition.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color={pending === 'reject' ? 'error' : 'primary'}
            disabled={transition.isPending || !message.trim()}
            onClick={() => pending && run(pending)}
          >
            {pending ? REQUEST_TRANSITIONS[pending].label : ''}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={!!pending && !needsMessage}
        title={pending ? REQUEST_TRANSITIONS[pending].label : ''}
        message={(pending && CONFIRM[pending]) || ''}
        confirmLabel={pending ? REQUEST_TRANSITIONS[pending].label : 'OK'}
        destructive={pending === 'dismiss'}
        busy={transition.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && run(pending)}
      />
      {error && !needsMessage ? <Alert severity="error">{error}</Alert> : null}
    </Box>
  );
}
