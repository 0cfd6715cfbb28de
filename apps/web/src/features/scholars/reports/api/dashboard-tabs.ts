import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** The dashboard's tabs (All and one per phase) with their counts under the current search and filters. */
export function useScholarDashboardTabs(query: scholarsApi.TScholarDashboardFilters) {
  return useQuery({
    queryKey: ['scholars', 'dashboard-tabs', query],
    queryFn: ({ signal }) => apiCall(scholarsApi.scholarDashboardTabs, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
