import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lettersApi } from '@meridian/domain';
import { apiCall, authorizedFetch, contractUrl } from '../../../app/http/api-call';
import { ApiError } from '../../../app/http/api-error';
import { uploadFile } from '../../../app/http/upload-file';

const key = ['letter-templates'] as const;

/** Letter templates, one page, as the server sorts and filters them. */
export function useListLetterTemplates(query: lettersApi.TListLetterTemplatesQuery) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: ({ signal }) => apiCall(lettersApi.listLetterTemplates, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGetLetterTemplate(templateId: string | null) {
  return useQuery({
    queryKey: [...key, 'one', templateId],
    queryFn: ({ signal }) => apiCall(lettersApi.getLetterTemplate, { params: { templateId: templateId! }, signal }),
    enabled: !!templateId,
  });
}

export function useSaveLetterTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: lettersApi.TSaveLetterTemplateInput) => apiCall(lettersApi.saveLetterTemplate, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: (saved) => {
      qc.setQueryData([...key, 'one', saved.id], saved);
      void qc.invalidateQueries({ queryKey: [...key, 'list'] });
    },
  });
}

export function useDeleteLetterTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => apiCall(lettersApi.deleteLetterTemplate, { params: { templateId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}

/** Upload the signature image (PNG or JPEG); answers the template. */
export function useUploadLetterSignature(templateId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<lettersApi.TLetterTemplate>(contractUrl(lettersApi.uploadLetterSignature, { params: { templateId } }), file, () => {}),
    meta: { errorHandling: 'local' },
    onSuccess: (saved) => qc.setQueryData([...key, 'one', saved.id], saved),
  });
}

/** The template merged for one record, as a PDF blob (for a new tab). Rejects with the server's ApiError. */
export async function fetchLetterPreview(templateId: string, recordId: string): Promise<Blob> {
  const res = await authorizedFetch({
    url: contractUrl(lettersApi.previewLetter, { params: { templateId } }),
    method: 'POST',
    body: { recordId },
    anonymous: false,
    accept: 'application/pdf',
    timeoutMs: 120_000,
  });
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => null)) as ConstructorParameters<typeof ApiError>[1]);
  return res.blob();
}

/** Write the letter for one record and file it on its Documents. */
export function useGenerateLetter(onFiled: (profileId: string) => void) {
  return useMutation({
    mutationFn: (v: { templateId: string } & lettersApi.TGenerateLetterInput) =>
      apiCall(lettersApi.generateLetter, {
        params: { templateId: v.templateId },
        body: { recordId: v.recordId, visibility: v.visibility },
      }),
    meta: { errorHandling: 'local' },
    onSuccess: (_done, v) => onFiled(v.recordId),
  });
}

/** Start writing the letters for a list selection: answers the job the page follows. */
export function useGenerateLetters() {
  return useMutation({
    mutationFn: (v: { templateId: string } & lettersApi.TGenerateLettersInput) =>
      apiCall(lettersApi.generateLetters, {
        params: { templateId: v.templateId },
        body: { recordIds: v.recordIds, visibility: v.visibility },
      }),
    meta: { errorHandling: 'local' },
  });
}
