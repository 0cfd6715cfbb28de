export { useListNotifications } from './api/notifications';
export {
  useHideNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationsReadInRange,
  useMarkNotificationsRead,
} from './api/notifications';
export { groupByDay } from './components/group-by-day';
export { notificationLink, type TNotificationReader } from './components/notification-link';
