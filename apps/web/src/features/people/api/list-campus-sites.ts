import { useQuery } from '@tanstack/react-query';
import { peopleApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Campus sites of the institution (rarely change: cached for the session). */
export function useListCampusSites(enabled = true) {
  return useQuery({
    queryKey: ['campus-sites'],
    queryFn: ({ signal }) => apiCall(peopleApi.listCampusSites, { signal }),
    staleTime: 30 * 60_000,
    enabled,
  });
}
