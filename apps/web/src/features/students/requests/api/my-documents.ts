import { useQuery } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

export type TMyDocument = {
  id: string;
  fileName: string;
  checklistItem: string;
  status: string;
  rejectReason: string;
  sizeBytes: number;
  createdAt: string;
  /** The request the file belongs to; null for the portal's stage uploads (welcome wizard, pre-arrival, check-in). */
  request: { id: string; number: number; typeName: string; typeCode: string } | null;
};

/**
 * The student's own documents in one call: the files of their requests and of their portal stages that
 * they may see (the server leaves the office's internal files out). Refreshed with any attachment change.
 */
export function useListMyDocuments() {
  return useQuery({
    queryKey: ['attachments', 'mine'] as const,
    queryFn: async ({ signal }): Promise<TMyDocument[]> =>
      (await apiCall(studentsApi.listMyDocuments, { signal }))
        .filter((d) => d.status !== 'deleted')
        .map((d) => ({
          id: d.id,
          fileName: d.fileName,
          checklistItem: d.checklistItem || d.description,
          status: d.status,
          rejectReason: d.rejectReason,
          sizeBytes: d.sizeBytes,
          createdAt: d.createdAt,
          request:
            d.requestId && d.requestNumber !== null
              ? { id: d.requestId, number: d.requestNumber, typeName: d.requestTypeName ?? '', typeCode: d.requestTypeCode ?? '' }
              : null,
        })),
  });
}
