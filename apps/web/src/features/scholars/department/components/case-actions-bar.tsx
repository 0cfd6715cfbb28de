import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import SendOutlined from '@mui/icons-material/SendOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import { scholarsApi } from '@meridian/domain';
import { ApiError } from '../../../../app/http/api-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { snack, toast } from '../../../../ui/notify';
import { useInviteScholar, useSendForApproval } from '../api/case-actions';
import { stateColor } from './format';

const errorText = (e: unknown) =>
  e instanceof ApiError ? (Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message) : 'Oops we got an error, try again later.';

/** Where the request stands and what the department may do next: invite the scholar, send for approval. */
export function CaseActionsBar({ c, isDirty }: { c: scholarsApi.TDeptCase; isDirty?: boolean }) {
  const invite = useInviteScholar();
  const send = useSendForApproval();
  const [confirmSend, setConfirmSend] = useState(false);
  const doInvite = () =>
    invite.mutate(c.applicationId, {
      onSuccess: () => snack(c.isInvited ? `A new set-up link was sent to ${c.email}.` : `Invitation sent to ${c.email}.`, 'success'),
      onError: (e) => toast(errorText(e)),
    });
  const doSend = () =>
    send.mutate(c.applicationId, {
      onSuccess: (r) => {
        setConfirmSend(false);
        snack(r.sponsorshipState === 'pending_approval' ? 'Sent to the approvers.' : 'Sent to the international office.', 'success');
      },
      onError: (e) => {
        setConfirmSend(false);
        toast(errorText(e));
      },
    });
  const label =
    scholarsApi.SPONSORSHIP_STATE_LABELS[c.sponsorshipState as keyof typeof scholarsApi.SPONSORSHIP_STATE_LABELS] ?? c.sponsorshipState;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip color={stateColor(c.sponsorshipState)} label={label} />
            <Typography>{c.statusText}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {c.hasAccount
              ? 'The scholar has set up their portal account.'
              : c.isInvited
                ? `The scholar was invited (${c.email}) and has not set a password yet.`
                : 'The scholar has not been invited to the portal yet.'}
            {c.canSend
              ? c.workflowName
                ? ` Sending goes through your approval workflow “${c.workflowName}”.`
                : ' Without an approval workflow, sending goes straight to the international office.'
              : ''}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          {c.canInvite ? (
            <Button variant="outlined" startIcon={<MailOutline />} onClick={doInvite} disabled={invite.isPending}>
              {c.isInvited ? 'Send the set-up link again' : 'Invite the scholar'}
            </Button>
          ) : null}
          {c.canSend ? (
            <Button
              variant="contained"
              startIcon={<SendOutlined />}
              onClick={() => setConfirmSend(true)}
              disabled={send.isPending || isDirty}
              title={isDirty ? 'Save your changes first' : undefined}
            >
              Send for approval
            </Button>
          ) : null}
        </Stack>
      </Box>
      {c.sponsorshipState === 'rejected' && c.rejectionReason ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          <AlertTitle>Rejected: {c.rejectionReason}</AlertTitle>Change the request below if needed, then send it again.
        </Alert>
      ) : null}
      {c.approvals.length && c.sponsorshipState === 'pending_approval' ? (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          Approvers: {c.approvals.map((a) => `${a.ordinal}. ${a.approverName} (${a.status})`).join(' → ')}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={confirmSend}
        title="Send for approval?"
        busy={send.isPending}
        confirmLabel="Send"
        message={
          c.workflowName
            ? `The request goes to the approvers of “${c.workflowName}”, then to the international office. You cannot change it while it is with them.`
            : 'The request goes to the international office. You cannot change it once it is sent.'
        }
        onConfirm={doSend}
        onCancel={() => setConfirmSend(false)}
      />
    </Paper>
  );
}
