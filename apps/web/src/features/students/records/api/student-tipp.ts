import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { recordKey } from './student-record';

/** The record's T/IPP (DS-7002): refreshed with the rest of the record. */
export const tippKey = (profileId: string) => [...recordKey(profileId), 'tipp'] as const;

export function useGetStudentTipp(profileId: string) {
  return useQuery({
    queryKey: tippKey(profileId),
    queryFn: ({ signal }) => apiCall(studentsApi.getStudentTipp, { params: { profileId }, signal }),
    enabled: !!profileId,
  });
}

/** Every T/IPP change answers the whole plan: shown at once, and the record (its SEVIS updates) refreshed. */
function useTippMutation<TVars>(profileId: string, fn: (vars: TVars) => Promise<studentsApi.TTipp>) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: fn,
    onSuccess: (data) => {
      qc.setQueryData(tippKey(profileId), data);
      void qc.invalidateQueries({ queryKey: recordKey(profileId) });
    },
  });
}

export const useSaveTippParticipant = (profileId: string) =>
  useTippMutation(profileId, (body: studentsApi.TTippParticipantInput) =>
    apiCall(studentsApi.saveTippParticipant, { params: { profileId }, body }),
  );

export const useAddTippSite = (profileId: string) =>
  useTippMutation(profileId, (body: studentsApi.TTippSiteInput) => apiCall(studentsApi.addTippSite, { params: { profileId }, body }));

export const useUpdateTippSite = (profileId: string) =>
  useTippMutation(profileId, ({ siteId, body }: { siteId: string; body: studentsApi.TTippSiteInput }) =>
    apiCall(studentsApi.updateTippSite, { params: { profileId, siteId }, body }),
  );

export const useRemoveTippSite = (profileId: string) =>
  useTippMutation(profileId, (siteId: string) => apiCall(studentsApi.removeTippSite, { params: { profileId, siteId } }));

export const useAddTippPhase = (profileId: string) =>
  useTippMutation(profileId, ({ siteId, body }: { siteId: string; body: studentsApi.TTippPhaseInput }) =>
    apiCall(studentsApi.addTippPhase, { params: { profileId, siteId }, body }),
  );

export const useUpdateTippPhase = (profileId: string) =>
  useTippMutation(profileId, ({ phaseId, body }: { phaseId: string; body: studentsApi.TTippPhaseInput }) =>
    apiCall(studentsApi.updateTippPhase, { params: { profileId, phaseId }, body }),
  );

export const useRemoveTippPhase = (profileId: string) =>
  useTippMutation(profileId, (phaseId: string) => apiCall(studentsApi.removeTippPhase, { params: { profileId, phaseId } }));

export const useUpdateTippSignatures = (profileId: string) =>
  useTippMutation(profileId, ({ siteId, body }: { siteId: string; body: studentsApi.TTippSignaturesInput }) =>
    apiCall(studentsApi.updateTippSignatures, { params: { profileId, siteId }, body }),
  );

export const usePrintDs7002 = (profileId: string) =>
  useTippMutation(profileId, (siteId: string | null) => apiCall(studentsApi.printDs7002, { params: { profileId }, body: { siteId } }));
