export { useNotifications } from './api/notifications';
