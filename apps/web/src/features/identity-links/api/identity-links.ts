import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityLinksApi as A } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { uploadFile } from '../../../app/http/upload-file';

export const identityLinksKey = ['identity-links'] as const;

/** One server page of accounts with their links, filtered and sorted on the server. */
export function useListIdentityLinks(query: A.TListIdentityLinksQuery) {
  return useQuery({
    queryKey: [...identityLinksKey, 'list', query],
    queryFn: ({ signal }) => apiCall(A.listIdentityLinks, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Records of a kind without an account that the caller may link (the Link dialog's search). */
export async function searchUnlinkedRecords(kind: A.TIdentityLinkKind, q: string, signal: AbortSignal): Promise<A.TUnlinkedRecord[]> {
  return (await apiCall(A.listUnlinkedRecords, { query: { kind, q }, signal })).items;
}

/** After a change the list is read again (a row may leave the filter it was found by). */
function useChange<I>(call: (input: I) => Promise<A.TIdentityLinkRow>) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: identityLinksKey }),
  });
}

export const useSetExternalId = () =>
  useChange((v: { userId: string; externalId: string }) =>
    apiCall(A.setExternalId, { params: { userId: v.userId }, body: { externalId: v.externalId } }),
  );
export const useLinkRecord = () =>
  useChange((v: { userId: string; recordId: string }) =>
    apiCall(A.linkRecord, { params: { userId: v.userId }, body: { recordId: v.recordId } }),
  );
export const useUnlinkRecord = () => useChange((userId: string) => apiCall(A.unlinkRecord, { params: { userId } }));

/** What a file would change (nothing is written). */
export const previewBulkLink = (file: File, onProgress: (fraction: number) => void) =>
  uploadFile<A.TBulkLinkPreview>(A.previewBulkLink.path, file, onProgress);

/** The same file applied, all or nothing. */
export const applyBulkLink = (file: File, onProgress: (fraction: number) => void) =>
  uploadFile<A.TBulkLinkApplied>(A.applyBulkLink.path, file, onProgress);
