import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

export const newlyAdmittedKey = ['students', 'newly-admitted'] as const;

/** One page of Newly Admitted Students (searched, sorted and paged on the server). */
export function useListNewlyAdmitted(query: studentsApi.TNewlyAdmittedQuery, enabled = true) {
  return useQuery({
    queryKey: [...newlyAdmittedKey, query],
    queryFn: ({ signal }) => apiCall(studentsApi.listNewlyAdmitted, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
