import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

const TAGS_KEY = ['students', 'tags'] as const;

/** The tags on the records the caller reaches, with their counts (docs/product/students-records.md#tags). */
export function useStudentTags(enabled = true) {
  return useQuery({
    queryKey: TAGS_KEY,
    queryFn: ({ signal }) => apiCall(studentsApi.listStudentTags, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Every list, record and count of the student area may show a changed tag. */
function useRefreshStudents() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['students'] });
}

export function useRenameStudentTag() {
  const refresh = useRefreshStudents();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: { from: string; to: string }) => apiCall(studentsApi.renameStudentTag, { body }),
    onSuccess: refresh,
  });
}

export function useRemoveStudentTag() {
  const refresh = useRefreshStudents();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (tag: string) => apiCall(studentsApi.removeStudentTag, { body: { tag } }),
    onSuccess: refresh,
  });
}

export function useApplyStudentTags() {
  const refresh = useRefreshStudents();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: { profileIds: string[]; add: string[]; remove: string[] }) => apiCall(studentsApi.applyStudentTags, { body }),
    onSuccess: refresh,
  });
}
