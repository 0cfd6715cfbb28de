import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { recordKey } from './student-record';

/** Request types the office may start for this student. */
export function useListStaffStartableTypes(profileId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...recordKey(profileId), 'startable-types'],
    queryFn: ({ signal }) => apiCall(studentsApi.listStaffStartableTypes, { params: { profileId }, signal }),
    enabled,
  });
}

/** Start a draft for the student; they are told to complete and submit it. */
export function useStartRequestForStudent(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (requestTypeId: string) => apiCall(studentsApi.startRequestForStudent, { params: { profileId }, body: { requestTypeId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey(profileId) }),
  });
}
