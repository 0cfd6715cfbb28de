import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentsApi, type TAttachment } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { ApiError, NetworkError } from '../../../app/http/api-error';
import { getSession } from '../../../app/session/session-store';
import { saveFile } from './binary';

export const attachmentsQueryKey = (requestId: string) => ['attachments', 'request', requestId] as const;

/** The request's files the caller may see (the server filters). */
export function useRequestAttachments(requestId: string) {
  return useQuery({
    queryKey: attachmentsQueryKey(requestId),
    queryFn: ({ signal }) => apiCall(attachmentsApi.listRequestAttachments, { params: { requestId }, signal }),
  });
}

/** The request type's upload documents, with whether each has a file (refreshed with the list). */
export function useDocumentChecklist(requestId: string, enabled = true) {
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
    apiCall(attachmentsApi.rejectAttachment, { params: { attachmentId: v.id }, body: { reason: v.reason } }));

export const useAttachmentVisibility = (requestId: string) =>
  useInvalidating(requestId, (v: { id: string; isVisibleToRequester: boolean; isVisibleToDepartment: boolean }) =>
    apiCall(attachmentsApi.updateAttachmentVisibility, {
      params: { attachmentId: v.id }, body: { isVisibleToRequester: v.isVisibleToRequester, isVisibleToDepartment: v.isVisibleToDepartment },
    }));

export const useDeleteAttachment = (requestId: string) =>
  useInvalidating(requestId, (id: string) => apiCall(attachmentsApi.deleteAttachment, { params: { attachmentId: id } }));

export const downloadAttachment = (a: Pick<TAttachment, 'id' | 'fileName'>) =>
  saveFile(`/api/attachments/${encodeURIComponent(a.id)}/download`, {}, a.fileName);

export const downloadCombinedPdf = (attachmentIds: string[]) =>
  saveFile(attachmentsApi.combinedPdf.path, { method: 'POST', body: { attachmentIds } }, 'combined-documents.pdf');

/**
 * Uploads one file with XMLHttpRequest (fetch cannot report upload progress). Fields follow
 * ZUploadAttachmentFields; the server checks everything again.
 */
export function uploadAttachment(fields: Record<string, string>, file: File, onProgress: (fraction: number) => void): Promise<TAttachment> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', attachmentsApi.uploadAttachment.path);
    const session = getSession();
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.accessToken}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as TAttachment);
      else reject(new ApiError(xhr.status, body as ConstructorParameters<typeof ApiError>[1]));
    };
    xhr.send(form);
  });
}
