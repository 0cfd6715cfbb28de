import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { SESSION, studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { describeFailure } from '../../../../app/errors/failure';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { snack } from '../../../../ui/notify';
import { recordKey } from '../api/student-record';

/**
 * "Invite to portal" on the record itself (also in Newly Admitted Students): creates the student's
 * account and e-mails the set-up link; again while they have not signed in, it sends a fresh link.
 * Asked first: an e-mail cannot be taken back (docs/product/requests.md#decisions-are-confirmed).
 */
export function InviteButton({ profileId, invited, name, email }: { profileId: string; invited: boolean; name: string; email: string }) {
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => apiCall(studentsApi.inviteStudent, { params: { profileId } }),
    onSuccess: (r) => {
      setAsking(false);
      snack(r.outcome === 'resent' ? `A new set-up link was sent to ${r.email}.` : `Invitation sent to ${r.email}.`, 'success');
      void qc.invalidateQueries({ queryKey: recordKey(profileId) });
    },
    onError: (e) => {
      const f = describeFailure(e);
      if (f.kind === 'session' || f.kind === 'forbidden') {
        setAsking(false);
        handleApiError(e);
      } else setError(f.fieldErrors.email ?? f.message);
    },
  });
  const to = email ? ` (${email})` : '';
  const days = Math.round(SESSION.inviteLinkTtlS / 86_400);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SendOutlined />}
        disabled={invite.isPending}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {invited ? 'Send the set-up link again' : 'Invite to portal'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={invited ? 'Send the set-up link again' : 'Invite to portal'}
        message={invited ? `Send ${name} a new set-up link${to}?` : `Invite ${name} to the student portal${to}?`}
        effects={
          invited
            ? ['The earlier link stops working.', `${name} chooses a password with the new link, valid for ${days} days.`]
            : [`A portal account is created for ${name}.`, `${name} is e-mailed a link to choose a password, valid for ${days} days.`]
        }
        error={error}
        confirmLabel={invited ? 'Send link' : 'Invite'}
        busy={invite.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => invite.mutate()}
      />
    </>
  );
}
