import { useQuery } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

/**
 * What a new request's form checks with before its draft exists (today, the record's dates, visa type and
 * active dependents), for the create pages; a saved draft brings its own with its data.
 */
export function useGetMyRequestFormContext(enabled: boolean) {
  return useQuery({
    queryKey: ['students', 'me', 'request-context'] as const,
    queryFn: ({ signal }) => apiCall(studentsApi.getMyRequestFormContext, { signal }),
    enabled,
  });
}
