import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { newlyAdmittedKey } from './newly-admitted';

/** Invite several students to the portal; the answer has one line per record. */
export function useInviteStudents() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (profileIds: string[]) => apiCall(studentsApi.inviteStudents, { body: { profileIds } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: newlyAdmittedKey }),
  });
}
