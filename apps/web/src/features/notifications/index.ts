export { useNotifications } from './api/notifications';
export { useHideNotifications, useMarkAllNotificationsRead, useMarkDayRead, useMarkNotificationsRead } from './api/notifications';
export { groupByDay, requestLink } from './components/group-by-day';
