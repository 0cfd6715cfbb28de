import { useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** End date, H-1B six-year maximum and J-1 bars of one case. */
export function useScholarTimeTracking(applicationId: string) {
  return useQuery({
    queryKey: ['scholars', 'time-tracking', applicationId],
    queryFn: ({ signal }) => apiCall(scholarsApi.scholarTimeTracking, { params: { applicationId }, signal }),
  });
}
