import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { deptKeys } from './keys';

/** One page of the department's cases (tab, search, sort and paging on the server). */
export function useListDeptCases(query: scholarsApi.TListDeptCasesQuery) {
  return useQuery({
    queryKey: [...deptKeys.cases, query],
    queryFn: ({ signal }) => apiCall(scholarsApi.listDeptCases, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
