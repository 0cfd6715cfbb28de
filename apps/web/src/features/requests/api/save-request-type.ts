import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi, type TRequestTypeInput } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestTypesKey } from './keys';

/** Create (no id) or edit a request type. */
export function useSaveRequestType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string | undefined; body: TRequestTypeInput }) =>
      v.id
        ? apiCall(requestsApi.updateRequestType, { params: { requestTypeId: v.id }, body: v.body })
        : apiCall(requestsApi.createRequestType, { body: v.body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: requestTypesKey }),
  });
}
