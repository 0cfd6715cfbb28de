import { useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { deptKeys } from './keys';

/** The department's view of one case. */
export function useGetDeptCase(applicationId: string | undefined) {
  return useQuery({
    queryKey: deptKeys.case(applicationId ?? ''),
    queryFn: ({ signal }) => apiCall(scholarsApi.getDeptCase, { params: { applicationId: applicationId! }, signal }),
    enabled: !!applicationId,
    meta: { errorHandling: 'local' },
    retry: false,
  });
}
