import { useQuery } from '@tanstack/react-query';
import { workApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** My work's counts: one call, scoped on the server to the caller's institution, sites and permissions. */
export function useGetMyWork() {
  return useQuery({
    queryKey: ['my-work'],
    queryFn: ({ signal }) => apiCall(workApi.getMyWork, { signal }),
    // The counts move as colleagues work: asked again each time the page opens or the tab comes back
    // (the last numbers show meanwhile).
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
