import { useQueries } from '@tanstack/react-query';
import { attachmentsApi, type TAttachment, type TRequestSummary } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export type TMyDocument = TAttachment & { request: Pick<TRequestSummary, 'id' | 'number' | 'typeName' | 'typeCode'> };

/**
 * The student's documents: the files on each of their requests that they may see (the server filters
 * per file). Keyed like the request's own file list, so an upload on a request page refreshes it here.
 */
export function useMyDocuments(requests: TRequestSummary[] | undefined) {
  const list = requests ?? [];
  return useQueries({
    queries: list.map((r) => ({
      queryKey: ['attachments', 'request', r.id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => apiCall(attachmentsApi.listRequestAttachments, { params: { requestId: r.id }, signal }),
    })),
    combine: (results) => ({
      isPending: results.some((q) => q.isPending),
      isError: results.some((q) => q.isError),
      data: results.flatMap((q, i) => (q.data ?? [])
        .filter((a) => a.status !== 'deleted')
        .map((a): TMyDocument => ({ ...a, request: { id: list[i]!.id, number: list[i]!.number, typeName: list[i]!.typeName, typeCode: list[i]!.typeCode } })))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    }),
  });
}
