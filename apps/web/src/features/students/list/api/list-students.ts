import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** One page of a Student List title (searched, filtered, sorted and paged on the server). */
export function useListStudents(query: studentsApi.TListStudentsQuery, enabled = true) {
  return useQuery({
    queryKey: ['students', 'list', query],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudents, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The list titles with the caller's count of each. */
export function useListStudentTitles() {
  return useQuery({
    queryKey: ['students', 'list-titles'],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudentTitles, { signal }),
    staleTime: 60_000,
  });
}
