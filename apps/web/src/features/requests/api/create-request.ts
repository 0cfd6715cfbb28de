import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestsKey } from './keys';

/** Start a draft. */
export function useCreateRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (requestTypeId: string) => apiCall(requestsApi.createRequest, { body: { requestTypeId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
