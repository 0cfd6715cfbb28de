import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { deptKeys } from './keys';

/** Save a new sponsorship request as a draft, or change one (with the version read). */
export function useSaveSponsorship() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { applicationId?: string | undefined; body: scholarsApi.TSponsorshipInput; version?: number | undefined }) =>
      v.applicationId
        ? apiCall(scholarsApi.updateSponsorship, {
            params: { applicationId: v.applicationId },
            body: { ...v.body, version: v.version ?? 1 },
          })
        : apiCall(scholarsApi.createSponsorship, { body: v.body }),
    meta: { errorHandling: 'local' },
    onSuccess: (c) => {
      qc.setQueryData(deptKeys.case(c.applicationId), c);
      void qc.invalidateQueries({ queryKey: deptKeys.cases });
      void qc.invalidateQueries({ queryKey: deptKeys.events(c.applicationId) });
    },
  });
}
