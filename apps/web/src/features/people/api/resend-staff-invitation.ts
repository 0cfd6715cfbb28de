import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peopleApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { staffQueryKey } from './list-staff';

/** E-mail a new set-password link to an invited staff member. */
export function useResendStaffInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiCall(peopleApi.resendStaffInvitation, { params: { userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
