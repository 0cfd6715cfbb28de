import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** One page of the office's scholar dashboard (searched, filtered, sorted and paged on the server). */
export function useListScholarDashboard(query: scholarsApi.TScholarDashboardQuery) {
  return useQuery({
    queryKey: ['scholars', 'dashboard', query],
    queryFn: ({ signal }) => apiCall(scholarsApi.listScholarDashboard, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
