import { useQuery } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const lookupSetsQueryKey = ['lookup-sets'] as const;

/** The institution's lookup sets (option lists for selection questions). */
export function useListLookupSets(enabled = true) {
  return useQuery({
    queryKey: lookupSetsQueryKey,
    queryFn: ({ signal }) => apiCall(formsApi.listLookupSets, { signal }),
    staleTime: 60_000,
    enabled,
  });
}
