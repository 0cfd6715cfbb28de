import { useQuery } from '@tanstack/react-query';
import { peopleApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** The institution's departments (filters and permission scopes). */
export function useListDepartments() {
  return useQuery({
    queryKey: ['people', 'departments'],
    queryFn: ({ signal }) => apiCall(peopleApi.listDepartments, { signal }),
    staleTime: 5 * 60_000,
  });
}
