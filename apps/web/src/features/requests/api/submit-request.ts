import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestKey, requestsKey } from './keys';

/** Submit or resubmit; a 400 carries the completeness messages per field. */
export function useSubmitRequest(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(requestsApi.submitRequest, { params: { requestId } }),
    meta: { errorHandling: 'local' },
    // Submitting changes what may still be done to the files too (no more deleting them).
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: requestsKey }), qc.invalidateQueries({ queryKey: ['attachments'] })]),
    // Answers saved just before submitting may have brought in a conditional questionnaire whose messages must show.
    onError: () => qc.invalidateQueries({ queryKey: requestKey(requestId) }),
  });
}
