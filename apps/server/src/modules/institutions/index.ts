export { loadSettings, mergeSettings, DEFAULT_SETTINGS, type TLoadedSettings } from './settings.js';
export { institutionRoutes } from './routes.js';
export { queueBrandedMail, renderBrandedHtml } from './branded-mail.js';
