import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** Query keys of one student record: invalidating ['students', 'record', id] refreshes every tab of it. */
export const recordKey = (id: string) => ['students', 'record', id] as const;

/** The full record with dependents, sites of activity, employments and canEdit. */
export function useGetStudent(profileId: string) {
  return useQuery({
    queryKey: [...recordKey(profileId), 'main'],
    // The page says 'not found or no access' itself.
    meta: { errorHandling: 'local' },
    queryFn: ({ signal }) => apiCall(studentsApi.getStudent, { params: { profileId }, signal }),
    enabled: !!profileId,
  });
}

/** Save one section of the record (with the updatedAt the form was opened with). */
export function useUpdateStudent(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: studentsApi.TStudentUpdateInput) => apiCall(studentsApi.updateStudent, { params: { profileId }, body }),
    onSuccess: (data) => {
      qc.setQueryData([...recordKey(profileId), 'main'], data);
      void qc.invalidateQueries({ queryKey: recordKey(profileId) });
      void qc.invalidateQueries({ queryKey: ['students', 'list'] });
    },
  });
}

/** Staff create a record (student/create, create-j1). */
export function useCreateStudent() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: studentsApi.TStudentCreateInput) => apiCall(studentsApi.createStudent, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['students', 'list'] }),
  });
}

export function useSetStudentStage(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (stage: string) => apiCall(studentsApi.setStudentStage, { params: { profileId }, body: { stage: stage as 'invited' } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey(profileId) }),
  });
}

export function useSetStudentTags(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => apiCall(studentsApi.setStudentTags, { params: { profileId }, body: { tags } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey(profileId) }),
  });
}

/** History Log of the record (its requests and dependents too), newest first. */
export function useGetStudentHistory(profileId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...recordKey(profileId), 'history', page, pageSize],
    queryFn: ({ signal }) => apiCall(studentsApi.getStudentHistory, { params: { profileId }, query: { page, pageSize }, signal }),
  });
}

export function useListStudentSevisEvents(profileId: string) {
  return useQuery({
    queryKey: [...recordKey(profileId), 'sevis-events'],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudentSevisEvents, { params: { profileId }, signal }),
  });
}

export function useListStudentRequests(profileId: string) {
  return useQuery({
    queryKey: [...recordKey(profileId), 'requests'],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudentRequests, { params: { profileId }, signal }),
  });
}

export function useListStudentDocuments(profileId: string) {
  return useQuery({
    queryKey: [...recordKey(profileId), 'documents'],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudentDocuments, { params: { profileId }, signal }),
  });
}

/** Supply what a held-back SEVIS update lacks; it goes back to the queue for the next batch. */
export function useCompleteSevisEvent(profileId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ eventId, values }: { eventId: string; values: Record<string, string> }) =>
      apiCall(studentsApi.completeSevisEvent, { params: { profileId, eventId }, body: { values } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey(profileId) }),
  });
}
