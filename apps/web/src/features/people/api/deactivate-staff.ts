import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peopleApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { staffQueryKey } from './list-staff';

/** Deactivate a staff member (ends all their sessions). */
export function useDeactivateStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiCall(peopleApi.deactivateStaff, { params: { userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
