import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { messagesApi, studentsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

const sentKey = ['messages', 'sent'] as const;

/** The Sent Email list: one server page with its filters and order. */
export function useListSentMail(query: z.input<typeof messagesApi.ZListSentMailQuery>) {
  return useQuery({
    queryKey: [...sentKey, 'list', query],
    queryFn: ({ signal }) => apiCall(messagesApi.listSentMail, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One message with its headers, text and HTML (null id: nothing open). */
export function useGetSentMail(messageId: string | null) {
  return useQuery({
    queryKey: [...sentKey, 'one', messageId],
    queryFn: ({ signal }) => apiCall(messagesApi.getSentMail, { params: { messageId: messageId! }, signal }),
    enabled: !!messageId,
  });
}

/** Queue a failed message again; the list and the message are read again. */
export function useResendSentMail() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (messageId: string) => apiCall(messagesApi.resendSentMail, { params: { messageId } }),
    onSuccess: (detail) => {
      qc.setQueryData([...sentKey, 'one', detail.id], detail);
      void qc.invalidateQueries({ queryKey: [...sentKey, 'list'] });
    },
  });
}

/** A student record's Message Center: its mail, newest first, one page. */
export function useListRecordMessages(profileId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['students', 'record', profileId, 'messages', page, pageSize],
    queryFn: ({ signal }) => apiCall(studentsApi.listStudentMessages, { params: { profileId }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
