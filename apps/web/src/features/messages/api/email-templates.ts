import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesApi, requestsApi, scholarsApi, studentsApi } from '@meridian/domain';
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

/** The kinds of record a preview can be filled from; the others use the catalogue's examples. */
export const PREVIEW_RECORD_KINDS = ['student', 'exchangeVisitor', 'scholarCase', 'request'] as const;
export type TPreviewRecordKind = (typeof PREVIEW_RECORD_KINDS)[number];
export interface TPreviewRecord {
  id: string;
  label: string;
}

/**
 * Records to preview on, among those the user reaches: students (F-1 or J-1) or exchange visitors by
 * name or SEVIS ID, scholar cases by the scholar's name or e-mail, requests by number or the person's name.
 */
export function useSearchPreviewRecords(kind: TPreviewRecordKind, q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['email-templates', 'records', kind, term],
    // A request number is looked up from its first digit.
    enabled: term.length >= 2 || (kind === 'request' && /^\d+$/.test(term)),
    queryFn: async ({ signal }): Promise<TPreviewRecord[]> => {
      if (kind === 'request') {
        const page = await apiCall(requestsApi.listRequests, { query: { q: term.replace(/^#/, ''), pageSize: 10 }, signal });
        return page.items.map((r) => ({ id: r.id, label: `#${r.number} ${r.typeName} — ${r.subjectName}` }));
      }
      if (kind === 'scholarCase') {
        const page = await apiCall(scholarsApi.listScholarDashboard, {
          query: { q: term, page: 1, pageSize: 10, sort: 'name', order: 'asc' },
          signal,
        });
        return page.items.map((c) => ({ id: c.applicationId, label: `${c.lastName}, ${c.firstName} — ${c.department.name}` }));
      }
      const page = await apiCall(studentsApi.listStudents, {
        query: { title: kind === 'student' ? 'all' : 'ev-all', q: term, page: 1, pageSize: 10, sort: 'name', order: 'asc' },
        signal,
      });
      return page.items.map((s) => ({ id: s.id, label: `${s.lastName}, ${s.firstName}${s.sevisId ? ` (${s.sevisId})` : ''}` }));
    },
  });
}
