import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** The signed-in student's own record (read only) with their correction requests. */
export function useGetMyRecord() {
  // No record yet (404) is a state the page explains, not an error to toast.
  return useQuery({
    queryKey: ['students', 'me'],
    meta: { errorHandling: 'local' },
    queryFn: ({ signal }) => apiCall(studentsApi.getMyRecord, { signal }),
  });
}

export function useSubmitCorrection() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: studentsApi.TCorrectionInput) => apiCall(studentsApi.submitCorrection, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['students', 'me'] }),
  });
}

export function useListCorrections(
  status: 'pending' | 'approved' | 'rejected' | 'all',
  page: number,
  pageSize: number,
  profileId?: string,
) {
  return useQuery({
    queryKey: ['students', 'corrections', status, page, pageSize, profileId],
    queryFn: ({ signal }) => apiCall(studentsApi.listCorrections, { query: { status, page, pageSize, profileId }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A correction side by side with the current record. */
export function useGetCorrection(correctionId: string) {
  return useQuery({
    queryKey: ['students', 'correction', correctionId],
    meta: { errorHandling: 'local' },
    queryFn: ({ signal }) => apiCall(studentsApi.getCorrection, { params: { correctionId }, signal }),
    enabled: !!correctionId,
  });
}

export function useDecideCorrection(correctionId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ decision, note }: { decision: 'approve' | 'reject'; note: string }) =>
      decision === 'approve'
        ? apiCall(studentsApi.approveCorrection, { params: { correctionId }, body: { note } })
        : apiCall(studentsApi.rejectCorrection, { params: { correctionId }, body: { note } }),
    onSuccess: (data) => {
      qc.setQueryData(['students', 'correction', correctionId], data);
      void qc.invalidateQueries({ queryKey: ['students'] });
    },
  });
}
