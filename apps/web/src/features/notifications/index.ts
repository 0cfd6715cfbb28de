export { useListNotifications } from './api/notifications';
export {
  useHideNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationsReadInRange,
  useMarkNotificationsRead,
} from './api/notifications';
export { groupByDay, requestLink } from './components/group-by-day';
