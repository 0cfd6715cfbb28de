import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peopleApi, type TInviteStaffInput } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { staffQueryKey } from './list-staff';

/** Invite a staff member; the server e-mails a set-password link. */
export function useInviteStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteStaffInput) => apiCall(peopleApi.inviteStaff, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
