import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import SendOutlined from '@mui/icons-material/SendOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import { labelOfStatus, type scholarsApi } from '@meridian/domain';
import { describeFailure } from '../../../../app/errors/failure';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { snack, toast } from '../../../../ui/notify';
import { useInviteScholar, useSendForApproval } from '../api/case-actions';
import { stateColor } from './format';

const errorText = (e: unknown) => {
  const f = describeFailure(e);
  return Object.values(f.fieldErrors)[0] ?? f.message;
};

/** Where the request stands and what the department may do next: invite the scholar, send for approval. */
export function CaseActionsBar({ c, isDirty }: { c: scholarsApi.TDeptCase; isDirty?: boolean }) {
  const invite = useInviteScholar();
  const send = useSendForApproval();
  const [confirmSend, setConfirmSend] = useState(false);
  const [confirmInvite, setConfirmInvite] = useState(false);
  const doInvite = () =>
    invite.mutate(c.applicationId, {
      onSuccess: () => snack(c.isInvited ? `A new set-up link was sent to ${c.email}.` : `Invitation sent to ${c.email}.`, 'success'),
      onError: (e) => toast(errorText(e)),
      onSettled: () => setConfirmInvite(false),
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
  const label = labelOfStatus('sponsorship', c.sponsorshipState);
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
            <Button variant="outlined" startIcon={<MailOutline />} onClick={() => setConfirmInvite(true)} disabled={invite.isPending}>
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
        open={confirmInvite}
        title={c.isInvited ? 'Send the set-up link again' : 'Invite the scholar'}
        busy={invite.isPending}
        confirmLabel={c.isInvited ? 'Send link' : 'Invite'}
        message={
          c.isInvited
            ? `Send ${c.firstName} ${c.lastName} a new set-up link (${c.email})?`
            : `Invite ${c.firstName} ${c.lastName} to the scholar portal (${c.email})?`
        }
        effects={
          c.isInvited
            ? ['The earlier link stops working.']
            : [
                `A portal account is created for ${c.firstName} ${c.lastName}, who is e-mailed a link to choose a password and fill in their part.`,
              ]
        }
        onConfirm={doInvite}
        onCancel={() => setConfirmInvite(false)}
      />
      <ConfirmDialog
        open={confirmSend}
        title="Send for approval?"
        busy={send.isPending}
        confirmLabel="Send"
        message={`Send ${c.firstName} ${c.lastName}'s sponsorship request?`}
        effects={[
          c.workflowName
            ? `The request goes to the approvers of “${c.workflowName}”, then to the international office. You cannot change it while it is with them.`
            : 'The request goes to the international office. You cannot change it once it is sent.',
        ]}
        onConfirm={doSend}
        onCancel={() => setConfirmSend(false)}
      />
    </Paper>
  );
}
