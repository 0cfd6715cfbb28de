import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
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

/**
 * "Mark day as read": the office's calendar day (YYYY-MM-DD, the panel's group) is sent as the instants
 * bounding it in the institution's time zone, whatever the reader's own zone.
 */
export const useMarkNotificationsReadInRange = () => {
  const { dayBounds } = useFormatDates();
  return useNotificationMutation((day: string) => apiCall(notificationsApi.markNotificationsReadInRange, { body: dayBounds(day) }));
};

export const useMarkAllNotificationsRead = () => useNotificationMutation(() => apiCall(notificationsApi.markAllNotificationsRead));

export const useHideNotifications = () =>
  useNotificationMutation((ids: string[]) => apiCall(notificationsApi.hideNotifications, { body: { ids } }));
