import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { recordKey } from './student-record';

/** Add (no id) or change (id) a dependent. */
export function useSaveDependent(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ id, body }: { id?: string | undefined; body: studentsApi.TStudentDependentInput }) =>
      id
        ? apiCall(studentsApi.updateDependent, { params: { profileId, dependentId: id }, body })
        : apiCall(studentsApi.addDependent, { params: { profileId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey(profileId) }),
  });
}

export function useTerminateDependent(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ id, reasonCode, remarks = '' }: { id: string; reasonCode: string; remarks?: string }) =>
      apiCall(studentsApi.terminateDependent, { params: { profileId, dependentId: id }, body: { reasonCode, remarks } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey(profileId) }),
  });
}

/** Add (no id) or change (id) an exchange visitor's site of activity. */
export function useSaveSiteOfActivity(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({
      id,
      body,
    }: {
      id?: string | undefined;
      body: { name: string; address: studentsApi.TStudentAddressInput; isPrimary: boolean };
    }) =>
      id
        ? apiCall(studentsApi.updateSiteOfActivity, { params: { profileId, siteId: id }, body })
        : apiCall(studentsApi.addSiteOfActivity, { params: { profileId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey(profileId) }),
  });
}

export function useDeactivateSiteOfActivity(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(studentsApi.deactivateSiteOfActivity, { params: { profileId, siteId: id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey(profileId) }),
  });
}
