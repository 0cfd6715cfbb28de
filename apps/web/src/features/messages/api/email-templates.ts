import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesApi, studentsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** E-mail templates (docs/product/messages.md#e-mail-templates): one hook per call. */
const ROOT = ['email-templates'] as const;
type TListQuery = { q?: string; kind: 'all' | 'system' | 'office'; page: number; pageSize: number };

export function useListEmailTemplates(query: TListQuery) {
  return useQuery({
    queryKey: [...ROOT, 'list', query],
    queryFn: ({ signal }) => apiCall(messagesApi.listEmailTemplates, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One template by id, or a system message by key. */
export function useGetEmailTemplate(ref: { id?: string | undefined; key?: string | undefined }) {
  return useQuery({
    queryKey: [...ROOT, 'one', ref.id ?? null, ref.key ?? null],
    enabled: !!(ref.id || ref.key),
    queryFn: ({ signal }) =>
      ref.id
        ? apiCall(messagesApi.getEmailTemplate, { params: { templateId: ref.id }, signal })
        : apiCall(messagesApi.getSystemEmail, { params: { key: ref.key as messagesApi.TSystemEmailKey }, signal }),
  });
}

function useTemplateMutation<I>(fn: (input: I) => Promise<messagesApi.TEmailTemplate>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorHandling: 'local' },
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: [...ROOT, 'list'] });
      qc.setQueryData([...ROOT, 'one', saved.id, null], saved);
      if (saved.key) qc.setQueryData([...ROOT, 'one', null, saved.key], saved);
    },
  });
}

export const useCreateEmailTemplate = () =>
  useTemplateMutation((body: messagesApi.TSaveEmailTemplateInput) => apiCall(messagesApi.createEmailTemplate, { body }));

export const useUpdateEmailTemplate = () =>
  useTemplateMutation(({ id, body }: { id: string; body: messagesApi.TSaveEmailTemplateInput }) =>
    apiCall(messagesApi.updateEmailTemplate, { params: { templateId: id }, body }),
  );

export const useSaveSystemEmail = () =>
  useTemplateMutation(({ key, body }: { key: string; body: messagesApi.TSaveSystemEmailInput }) =>
    apiCall(messagesApi.saveSystemEmail, { params: { key: key as messagesApi.TSystemEmailKey }, body }),
  );

export const useResetSystemEmail = () =>
  useTemplateMutation((key: string) => apiCall(messagesApi.resetSystemEmail, { params: { key: key as messagesApi.TSystemEmailKey } }));

export const useRestoreEmailTemplateVersion = () =>
  useTemplateMutation(({ id, version }: { id: string; version: number }) =>
    apiCall(messagesApi.restoreEmailTemplateVersion, { params: { templateId: id, version } }),
  );

export function useDeleteEmailTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(messagesApi.deleteEmailTemplate, { params: { templateId: id } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ROOT }),
  });
}

export function usePreviewEmailTemplate() {
  return useMutation({
    mutationFn: (body: messagesApi.TPreviewEmailTemplateInput) => apiCall(messagesApi.previewEmailTemplate, { body }),
    meta: { errorHandling: 'local' },
  });
}

export function useSendTestEmailTemplate() {
  return useMutation({
    mutationFn: (body: messagesApi.TPreviewEmailTemplateInput) => apiCall(messagesApi.sendTestEmailTemplate, { body }),
    meta: { errorHandling: 'local' },
  });
}

/** Records to preview on: students (F-1) or exchange visitors (J-1) the user reaches, by name or SEVIS ID. */
export function useSearchPreviewRecords(kind: 'student' | 'exchangeVisitor', q: string) {
  return useQuery({
    queryKey: ['email-templates', 'records', kind, q],
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) =>
      apiCall(studentsApi.listStudents, {
        query: { title: kind === 'student' ? 'all' : 'ev-all', q: q.trim(), page: 1, pageSize: 10, sort: 'name', order: 'asc' },
        signal,
      }),
  });
}
