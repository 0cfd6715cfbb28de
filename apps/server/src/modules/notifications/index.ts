export { notify, type TNotifyInput } from './notify.js';
