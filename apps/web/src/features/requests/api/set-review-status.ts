import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

export function useSetReviewStatus(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reviewStatus: number) => apiCall(requestsApi.setReviewStatus, { params: { requestId }, body: { reviewStatus } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
