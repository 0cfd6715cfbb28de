import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentsApi, type jobsApi, type TAttachment } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { uploadFile } from '../../../app/http/upload-file';
import { downloadFile } from '../../../app/http/download-file';
import { downloadJobFile } from '../../jobs';

export const attachmentsQueryKey = (requestId: string) => ['attachments', 'request', requestId] as const;

/** The request's files the caller may see (the server filters). */
export function useListRequestAttachments(requestId: string) {
  return useQuery({
    queryKey: attachmentsQueryKey(requestId),
    queryFn: ({ signal }) => apiCall(attachmentsApi.listRequestAttachments, { params: { requestId }, signal }),
  });
}

/** The request type's upload documents, with whether each has a file (refreshed with the list). */
export function useGetDocumentChecklist(requestId: string, enabled = true) {
  return useQuery({
    queryKey: [...attachmentsQueryKey(requestId), 'checklist'],
    queryFn: ({ signal }) => apiCall(attachmentsApi.getDocumentChecklist, { params: { requestId }, signal }),
    enabled,
  });
}

function useInvalidating<V>(requestId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: attachmentsQueryKey(requestId) }) });
}

export const useRejectAttachment = (requestId: string) =>
  useInvalidating(requestId, (v: { id: string; reason: string }) =>
    apiCall(attachmentsApi.rejectAttachment, { params: { attachmentId: v.id }, body: { reason: v.reason } }),
  );

export const useUpdateAttachmentVisibility = (requestId: string) =>
  useInvalidating(requestId, (v: { id: string; isVisibleToRequester: boolean; isVisibleToDepartment: boolean }) =>
    apiCall(attachmentsApi.updateAttachmentVisibility, {
      params: { attachmentId: v.id },
      body: { isVisibleToRequester: v.isVisibleToRequester, isVisibleToDepartment: v.isVisibleToDepartment },
    }),
  );

export const useDeleteAttachment = (requestId: string) =>
  useInvalidating(requestId, (id: string) => apiCall(attachmentsApi.deleteAttachment, { params: { attachmentId: id } }));

export const downloadAttachment = (a: Pick<TAttachment, 'id' | 'fileName'>) =>
  downloadFile(attachmentsApi.downloadAttachment, { params: { attachmentId: a.id } }, a.fileName);

/** Starts combining files into one PDF on the server; the answer is the job to follow (its file is the PDF). */
export const startCombinedPdf = (attachmentIds: string[]) => apiCall(attachmentsApi.combinedPdf, { body: { attachmentIds } });

/** Saves the PDF a finished combining job made. */
export const downloadCombinedPdf = (job: jobsApi.TJob) => downloadJobFile(job, 'combined-documents.pdf');

/**
 * Uploads one file with XMLHttpRequest (fetch cannot report upload progress). Fields follow
 * ZUploadAttachmentFields; the server checks everything again.
 */
export function uploadAttachment(fields: Record<string, string>, file: File, onProgress: (fraction: number) => void): Promise<TAttachment> {
  return uploadFile<TAttachment>(attachmentsApi.uploadAttachment.path, file, onProgress, fields);
}
