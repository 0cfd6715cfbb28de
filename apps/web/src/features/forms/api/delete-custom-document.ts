import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { customDocumentsQueryKey } from './list-custom-documents';

/** Delete a custom document (soft on the server: what was already given stays). */
export function useDeleteCustomDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(formsApi.deleteCustomDocument, { params: { customDocumentId: id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: customDocumentsQueryKey }),
  });
}
