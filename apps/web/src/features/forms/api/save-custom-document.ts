import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { customDocumentsQueryKey } from './list-custom-documents';

/** Create (no id) or change a custom document. */
export function useSaveCustomDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: formsApi.TSaveCustomDocumentInput }) =>
      id
        ? apiCall(formsApi.updateCustomDocument, { params: { customDocumentId: id }, body })
        : apiCall(formsApi.createCustomDocument, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: customDocumentsQueryKey }),
  });
}
