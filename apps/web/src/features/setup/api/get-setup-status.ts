import { queryOptions, useQuery } from '@tanstack/react-query';
import { setupApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const setupStatusQueryKey = ['setup-status'] as const;

/** Whether the portal still needs its first institution (main.tsx asks before React starts). */
export const setupStatusQuery = queryOptions({
  queryKey: setupStatusQueryKey,
  queryFn: ({ signal }) => apiCall(setupApi.getSetupStatus, { signal }),
  staleTime: Infinity,
  meta: { errorHandling: 'local' },
});

/** Whether the portal still needs its first institution (then everything goes to the wizard). */
export function useGetSetupStatus() {
  return useQuery(setupStatusQuery);
}
