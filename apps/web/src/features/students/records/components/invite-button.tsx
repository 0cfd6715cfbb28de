import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { ApiError } from '../../../../app/http/api-error';
import { snack, toast } from '../../../../ui/notify';
import { recordKey } from '../api/student-record';

/**
 * "Invite to portal" on the record itself (also in Newly Admitted Students): creates the student's
 * account and e-mails the set-up link; again while they have not signed in, it sends a fresh link.
 */
export function InviteButton({ profileId, invited }: { profileId: string; invited: boolean }) {
  const qc = useQueryClient();
  const invite = useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => apiCall(studentsApi.inviteStudent, { params: { profileId } }),
    onSuccess: (r) => {
      snack(r.outcome === 'resent' ? `A new set-up link was sent to ${r.email}.` : `Invitation sent to ${r.email}.`, 'success');
      void qc.invalidateQueries({ queryKey: recordKey(profileId) });
    },
    onError: (e) => toast(e instanceof ApiError ? (e.fieldErrors?.email?.[0] ?? e.message) : 'Oops we got an error, try again later.'),
  });
  return (
    <Button variant="outlined" startIcon={<SendOutlined />} disabled={invite.isPending} onClick={() => invite.mutate()}>
      {invited ? 'Send the set-up link again' : 'Invite to portal'}
    </Button>
  );
}
