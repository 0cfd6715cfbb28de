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

/**
 * The list titles with the caller's count of each and when they were counted. Under ['students', 'list'],
 * so every change that refreshes the list (a record saved, created, imported) asks for the counts again;
 * while the server says newer counts are being made, it asks again every few seconds.
 */
export function useListStudentTitles() {
  return useQuery({
    queryKey: ['students', 'list', 'titles'],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudentTitles, { signal }),
    staleTime: 60_000,
    refetchInterval: (q) => (q.state.data?.isRefreshing ? 3_000 : false),
  });
}
