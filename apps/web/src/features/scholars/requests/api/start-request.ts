import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

export type TStartedBy = 'office' | 'department';
const startableKey = (by: TStartedBy, applicationId: string) => ['scholars', 'startable-request-types', by, applicationId] as const;

/** The request types the office (or the department) may start about the case's scholar. */
export function useListStartableRequestTypes(by: TStartedBy, applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: startableKey(by, applicationId),
    meta: { errorHandling: 'local' },
    queryFn: ({ signal }) =>
      apiCall(by === 'office' ? scholarsApi.listOfficeStartableRequestTypes : scholarsApi.listDeptStartableRequestTypes, {
        params: { applicationId },
        signal,
      }),
    enabled,
  });
}

/** Start a draft about the case's scholar: the office's for the scholar to complete, a department's to fill in itself. */
export function useStartRequestForScholar(by: TStartedBy, applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (requestTypeId: string) =>
      apiCall(by === 'office' ? scholarsApi.startRequestForScholar : scholarsApi.startDeptRequestForScholar, {
        params: { applicationId },
        body: { requestTypeId },
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['scholars', 'office-case', applicationId] }),
        qc.invalidateQueries({ queryKey: ['requests'] }),
      ]),
  });
}
