import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesApi, scholarsApi, studentsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Email Communications (docs/product/messages.md#email-communications): one hook per call. */
const ROOT = ['messages', 'mass'] as const;
/** While a send is being prepared or delivered, its counts are read again this often. */
const LIVE_MS = 3000;

const isLive = (s: messagesApi.TMassSendStatus) => s === 'preparing' || s === 'sending' || s === 'scheduled';

/** The mass notification log: one page, newest first; polled while a send on it is under way. */
export function useListMassSends(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...ROOT, 'list', page, pageSize],
    queryFn: ({ signal }) => apiCall(messagesApi.listMassSends, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((i) => isLive(i.status)) ? LIVE_MS : false),
  });
}

/** One send (null: none open); polled while it is under way. */
export function useGetMassSend(id: string | null) {
  return useQuery({
    queryKey: [...ROOT, 'one', id],
    enabled: !!id,
    queryFn: ({ signal }) => apiCall(messagesApi.getMassSend, { params: { massSendId: id! }, signal }),
    refetchInterval: (q) => (q.state.data && isLive(q.state.data.status) ? LIVE_MS : false),
  });
}

/**
 * A send's recipients, one page, filtered by outcome. `progress` is the send's state and counts as last
 * read (null until then): the page is read again whenever they move, so a recipient shown "Waiting" while
 * the send is under way turns "Sent", "Failed" or "Skipped" without closing the details.
 */
export function useListMassRecipients(
  id: string | null,
  page: number,
  pageSize: number,
  status: messagesApi.TMassRecipientStatus | '',
  progress: string | null,
) {
  return useQuery({
    queryKey: [...ROOT, 'recipients', id, page, pageSize, status, progress],
    enabled: !!id && progress !== null,
    queryFn: ({ signal }) =>
      apiCall(messagesApi.listMassRecipients, {
        params: { massSendId: id! },
        query: { page, pageSize, ...(status ? { status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePreviewMassRecipients() {
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: messagesApi.TMassSendInput) =>
      apiCall(messagesApi.previewMassRecipients, {
        body: { recordKind: body.recordKind, recipients: body.recipients, isCompliance: body.isCompliance ?? false },
      }),
  });
}

export function usePreviewMassMessage() {
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: { recordKind: messagesApi.TMassRecordKind; subject: string; bodyHtml: string; recordId: string }) =>
      apiCall(messagesApi.previewMassMessage, { body }),
  });
}

function useSendMutation<I>(fn: (input: I) => Promise<messagesApi.TMassSendDetail>) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: fn,
    onSuccess: (detail) => {
      qc.setQueryData([...ROOT, 'one', detail.id], detail);
      void qc.invalidateQueries({ queryKey: [...ROOT, 'list'] });
      void qc.invalidateQueries({ queryKey: [...ROOT, 'recipients', detail.id] });
    },
  });
}

export const useCreateMassSend = () => useSendMutation((body: messagesApi.TMassSendInput) => apiCall(messagesApi.createMassSend, { body }));
export const useCancelMassSend = () =>
  useSendMutation((massSendId: string) => apiCall(messagesApi.cancelMassSend, { params: { massSendId } }));
export const useResendMassSend = () =>
  useSendMutation((massSendId: string) => apiCall(messagesApi.resendMassSend, { params: { massSendId } }));

/** Student records to pick by hand: by name, e-mail or SEVIS ID, among the records the user reaches. */
export function useSearchMassStudents(q: string) {
  return useQuery({
    queryKey: [...ROOT, 'pick-students', q],
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) =>
      apiCall(studentsApi.listStudents, {
        query: { title: 'all', q: q.trim(), page: 1, pageSize: 10, sort: 'name', order: 'asc' },
        signal,
      }),
  });
}

/** Scholar cases to pick by hand, by name or e-mail. */
export function useSearchMassScholarCases(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'pick-cases', q],
    enabled: enabled && q.trim().length >= 2,
    queryFn: ({ signal }) =>
      apiCall(scholarsApi.listScholarDashboard, { query: { q: q.trim(), page: 1, pageSize: 10, sort: 'name', order: 'asc' }, signal }),
  });
}

/** The office's own templates to start from (for those who may read templates). */
export function useMassTemplates(enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'templates'],
    enabled,
    queryFn: ({ signal }) => apiCall(messagesApi.listEmailTemplates, { query: { kind: 'office', page: 1, pageSize: 100 }, signal }),
  });
}
