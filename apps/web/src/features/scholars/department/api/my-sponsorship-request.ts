import { useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { deptKeys } from './keys';

/** A scholar's own sponsorship request (404 when none yet). */
export function useGetMySponsorshipRequest() {
  return useQuery({
    queryKey: deptKeys.mine,
    queryFn: ({ signal }) => apiCall(scholarsApi.getMySponsorshipRequest, { signal }),
    meta: { errorHandling: 'local' },
    retry: false,
  });
}
