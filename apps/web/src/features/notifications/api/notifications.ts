import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

const notificationsQueryKey = ['notifications'] as const;
const { NOTIFICATION_FIRST_PAGE, NOTIFICATION_POLL_MS } = notificationsApi;

/** The bell's list: first page of 10, 'See More' loads the next 10; polled every 300000 ms. */
export function useListNotifications(enabled = true) {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiCall(notificationsApi.listNotifications, { query: { start: pageParam, limit: NOTIFICATION_FIRST_PAGE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    enabled,
  });
}

function useNotificationMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: notificationsQueryKey }) });
}

export const useMarkNotificationsRead = () =>
  useNotificationMutation((ids: string[]) => apiCall(notificationsApi.markNotificationsRead, { body: { ids } }));

/** A local calendar day, as the user sees it, is sent as its UTC bounds. */
export const useMarkNotificationsReadInRange = () =>
  useNotificationMutation((day: Date) => {
    const start = new Date(day.getFullYear(), day.getMonth(), day.getDate());
    const end = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    return apiCall(notificationsApi.markNotificationsReadInRange, { body: { start: start.toISOString(), end: end.toISOString() } });
  });

export const useMarkAllNotificationsRead = () => useNotificationMutation(() => apiCall(notificationsApi.markAllNotificationsRead));

export const useHideNotifications = () =>
  useNotificationMutation((ids: string[]) => apiCall(notificationsApi.hideNotifications, { body: { ids } }));
