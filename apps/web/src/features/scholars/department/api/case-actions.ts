import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { deptKeys } from './keys';

function useCaseAction(contract: typeof scholarsApi.inviteScholar) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => apiCall(contract, { params: { applicationId } }),
    meta: { errorHandling: 'local' },
    onSuccess: (c) => {
      qc.setQueryData(deptKeys.case(c.applicationId), c);
      void qc.invalidateQueries({ queryKey: deptKeys.cases });
      void qc.invalidateQueries({ queryKey: deptKeys.events(c.applicationId) });
    },
  });
}

/** Invite the scholar (again): account and set-up link. */
export const useInviteScholar = () => useCaseAction(scholarsApi.inviteScholar);
/** Send the sponsorship request for approval (or straight to the office). */
export const useSendForApproval = () => useCaseAction(scholarsApi.sendForApproval);
