import { useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/** Report summary: cases by processed visa type × phase and × status. */
export function useScholarReportSummary(query: scholarsApi.TScholarDashboardFilters = {}) {
  return useQuery({
    queryKey: ['scholars', 'report-summary', query],
    queryFn: ({ signal }) => apiCall(scholarsApi.scholarReportSummary, { query, signal }),
  });
}
