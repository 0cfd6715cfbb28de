import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peopleApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { staffQueryKey } from './list-staff';

/** Reactivate a staff member. */
export function useReactivateStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiCall(peopleApi.reactivateStaff, { params: { userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
