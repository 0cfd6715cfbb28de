import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { deptKeys } from './keys';

/** The case's own History Log. */
export function useListDeptCaseEvents(applicationId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...deptKeys.events(applicationId), page, pageSize],
    queryFn: ({ signal }) => apiCall(scholarsApi.listDeptCaseEvents, { params: { applicationId }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
