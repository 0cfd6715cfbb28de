export { notify, type TNotifyInput } from './notify.js';
export { notificationRoutes } from './routes.js';
