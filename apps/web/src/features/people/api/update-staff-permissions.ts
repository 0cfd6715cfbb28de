import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peopleApi, type TStaffPermissions } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { staffQueryKey } from './list-staff';

/** Replace a staff member's permissions (never beyond the caller's own; the server checks). */
export function useUpdateStaffPermissions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; permissions: TStaffPermissions }) =>
      apiCall(peopleApi.updateStaffPermissions, { params: { userId: v.userId }, body: { permissions: v.permissions } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: staffQueryKey });
      // One may edit oneself (a super user narrowing their own menu): menus follow at once.
      void qc.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}
