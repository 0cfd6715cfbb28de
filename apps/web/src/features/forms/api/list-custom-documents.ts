import { useQuery } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const customDocumentsQueryKey = ['custom-documents'] as const;

/** The institution's custom documents (deleted ones left out), by ordinal. */
export function useListCustomDocuments(enabled = true) {
  return useQuery({
    queryKey: customDocumentsQueryKey,
    queryFn: ({ signal }) => apiCall(formsApi.listCustomDocuments, { signal }),
    enabled,
  });
}
